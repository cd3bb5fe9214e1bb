/**
 * tasks-capability-negotiation's generic part (the tasks extension, SEP-2663): the server offers the extension
 * under `capabilities.extensions` (not a v1-style `capabilities.tasks`), and answers `tasks/get`,
 * `tasks/update` and `tasks/cancel` from a request that did not declare it with -32021
 * (MissingRequiredClientCapability), on HTTP with 400.
 */
import { isRecord } from '../../../shared/read.ts';
import { errorCode, isSuccess, type Probed } from '../probed.ts';
import { fail, pass, warn, type Finding } from './findings.ts';

const MISSING_CAPABILITY = -32021;

export function judgeTasksNegotiation(capabilities: Record<string, unknown>, gated: readonly Probed[]): Finding[] {
  const findings: Finding[] = [];
  if (capabilities.tasks !== undefined)
    findings.push(
      fail('The server declares capabilities.tasks, the v1 slot; the tasks extension lives under capabilities.extensions only.'),
    );
  for (const probed of gated) {
    const code = errorCode(probed);
    if (probed.rpc && 'result' in probed.rpc)
      findings.push(fail(`${probed.label}: answered a result; without the extension declared the server must refuse it with -32021.`));
    else if (code !== MISSING_CAPABILITY)
      findings.push(
        fail(
          `${probed.label}: got ${probed.response ? `HTTP ${probed.response.status}` : 'no answer'}${code === undefined ? '' : ` with error ${String(code)}`}; the spec's answer is -32021 (missing required client capability).`,
        ),
      );
    else if (probed.response?.status !== 400 || isSuccess(probed))
      findings.push(warn(`${probed.label}: refused with -32021 but HTTP ${String(probed.response?.status)}; on HTTP the status is 400.`));
    else if (!isRecord(probed.rpc?.error) || !isRecord(probed.rpc.error.data) || !isRecord(probed.rpc.error.data.requiredCapabilities))
      findings.push(warn(`${probed.label}: the -32021 error does not name what is missing in data.requiredCapabilities.`));
  }
  if (findings.length === 0)
    findings.push(
      pass(
        `The extension is offered under capabilities.extensions, and ${gated.length} tasks requests without it were refused with 400 and -32021.`,
      ),
    );
  return findings;
}
