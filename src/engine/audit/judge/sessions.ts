/**
 * The 2025 handshake and session rules of Streamable HTTP, judged from raw probes: server-initialize (a fresh
 * initialize answers a whole result; a session id is visible ASCII) and server-session-lifecycle (the
 * initialized notification is accepted on the session, DELETE ends it, and a request on an ended session gets
 * HTTP 404).
 */
import { isRecord } from '../../../shared/read.ts';
import { isSuccess, type Probed } from '../probed.ts';
import { fail, pass, quote, warn, type Finding } from './findings.ts';

/** "MUST only contain visible ASCII characters (ranging from 0x21 to 0x7E)". */
const VISIBLE_ASCII = /^[\x21-\x7E]+$/;

function noAnswer(probed: Probed, what: string): Finding | undefined {
  if (!probed.response) return fail(`${what} got no answer (${probed.problem ?? 'unknown'}).`);
  return undefined;
}

export function judgeInitialize(probed: Probed): Finding[] {
  const missing = noAnswer(probed, 'initialize');
  if (missing) return [missing];
  const { response, rpc } = probed;
  const result = rpc && isRecord(rpc.result) ? rpc.result : undefined;
  if (!isSuccess(probed) || !result) {
    const error = rpc && isRecord(rpc.error) ? ` with JSON-RPC error ${String(rpc.error.code)} ${quote(rpc.error.message, 60)}` : '';
    return [fail(`initialize got HTTP ${response!.status}${error}, not an initialize result.`)];
  }
  const findings: Finding[] = [];
  if (typeof result.protocolVersion !== 'string') findings.push(fail('The initialize result has no protocolVersion string.'));
  if (!isRecord(result.capabilities)) findings.push(fail('The initialize result has no capabilities object.'));
  const info = result.serverInfo;
  if (!isRecord(info) || typeof info.name !== 'string' || typeof info.version !== 'string')
    findings.push(fail('The initialize result has no serverInfo with a name and a version.'));
  const session = response!.headers['mcp-session-id'];
  if (session !== undefined && !VISIBLE_ASCII.test(session))
    findings.push(fail(`The session id ${quote(session, 40)} has characters outside visible ASCII (0x21 to 0x7E).`));
  if (findings.length > 0) return findings;
  return [
    pass(
      `initialize answered protocol version ${quote(result.protocolVersion, 20)}, capabilities and serverInfo${
        session === undefined ? ' (no session id: a stateless server)' : ', with a visible-ASCII session id'
      }.`,
    ),
  ];
}

export interface LifecycleSteps {
  init: Probed;
  initialized?: Probed;
  remove?: Probed;
  after?: Probed;
}

/** Findings, or why the rules do not apply (a server without sessions). */
export function judgeSessionLifecycle(steps: LifecycleSteps): { findings: Finding[]; notApplicable?: string } {
  const { init, initialized, remove, after } = steps;
  const missing = noAnswer(init, 'initialize');
  if (missing) return { findings: [missing] };
  if (!isSuccess(init)) return { findings: [fail(`initialize got HTTP ${init.response!.status}, so no session could be tested.`)] };
  if (init.response!.headers['mcp-session-id'] === undefined)
    return {
      findings: [],
      notApplicable:
        'The server gave no Mcp-Session-Id (a stateless server, or a browser that may not read the header): there is no session to end.',
    };
  if (!initialized || !isSuccess(initialized))
    return {
      findings: [
        fail(
          `The initialized notification on the new session got ${initialized?.response ? `HTTP ${initialized.response.status}` : 'no answer'}; the server must accept it (2xx).`,
        ),
      ],
    };
  if (!remove?.response) return { findings: [fail(`DELETE of the session got no answer (${remove?.problem ?? 'not sent'}).`)] };
  const status = remove.response.status;
  if (status === 405) return { findings: [pass('The server does not let clients end a session (405 to DELETE), which the spec allows.')] };
  if (!(status >= 200 && status < 300) && status !== 404)
    return { findings: [warn(`DELETE of the session got HTTP ${status}; the spec expects it ended (2xx) or refused with 405.`)] };
  if (!after?.response) return { findings: [fail(`A request on the ended session got no answer (${after?.problem ?? 'not sent'}).`)] };
  if (status === 404 && after.response.status !== 404)
    return {
      findings: [
        warn(
          `DELETE got 404 but the session still answers (HTTP ${after.response.status}); a server that cannot end sessions should answer 405.`,
        ),
      ],
    };
  if (after.response.status !== 404)
    return {
      findings: [
        fail(`After DELETE ended the session, a request on it got HTTP ${after.response.status}; the server must answer 404 Not Found.`),
      ],
    };
  return { findings: [pass(`DELETE ended the session (HTTP ${status}), and a request on it then got 404.`)] };
}
