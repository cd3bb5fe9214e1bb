/**
 * tasks-capability-negotiation (the tasks extension, SEP-2663), where the server offers it: the generic part
 * of the suite's scenario, sent as raw probes whose `_meta` declares no extension (a task id that does not
 * exist, so nothing is touched). The suite also calls its fixture tools (`slow_compute`), which other servers
 * do not have; the rest of its tasks scenarios need them throughout, so they are not mirrored.
 */
import { isRecord } from '../../../shared/read.ts';
import type { AuditCheck } from '../check.ts';
import { notApplicable, outcomeOf } from '../judge/findings.ts';
import { judgeTasksNegotiation } from '../judge/tasks.ts';
import { modernRequest, probe, probeLine, type Probed } from '../probed.ts';

const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
const NO_SUCH_TASK = 'mcp-lens-audit-no-such-task';

export const tasksCapabilityNegotiation: AuditCheck = {
  id: 'tasks-capability-negotiation',
  title: 'Tasks only for a client that declared the extension',
  sections: { modern: 'schema#missingrequiredclientcapabilityerror' },
  notInEra:
    'The tasks extension (io.modelcontextprotocol/tasks) is defined for MCP 2026-07-28; the 2025 era has its own experimental tasks.',
  sideEffects: false,
  http: 'any',
  suite: {
    scenario: 'tasks-capability-negotiation',
    differs: 'The suite also calls its fixture tool slow_compute with and without the extension; MCP Lens checks the generic rules only.',
  },
  async run(ctx) {
    const extensions = isRecord(ctx.capabilities.extensions) ? ctx.capabilities.extensions : {};
    if (!Object.hasOwn(extensions, TASKS_EXTENSION))
      return notApplicable(`The server does not offer the tasks extension (${TASKS_EXTENSION} under capabilities.extensions).`);
    const gated: Probed[] = [];
    let id = 600;
    for (const [method, params] of [
      ['tasks/get', { taskId: NO_SUCH_TASK }],
      ['tasks/update', { taskId: NO_SUCH_TASK, inputResponses: {} }],
      ['tasks/cancel', { taskId: NO_SUCH_TASK }],
    ] as const)
      gated.push(await probe(ctx, `${method} without the extension`, modernRequest(id++, method, params, { 'Mcp-Name': NO_SUCH_TASK })));
    return outcomeOf(judgeTasksNegotiation(ctx.capabilities, gated), gated.map(probeLine));
  },
};
