/**
 * server-initialize and server-session-lifecycle (the 2025 era): a handshake and a session of their own,
 * beside the audit's session, sent as raw probes so the rules are judged on what the server sent. A session
 * a probe opened is ended before the check returns.
 */
import type { AuditCheck, AuditContext } from '../check.ts';
import { notApplicable, outcomeOf } from '../judge/findings.ts';
import { judgeInitialize, judgeSessionLifecycle, type LifecycleSteps } from '../judge/sessions.ts';
import { initializeRequest, LEGACY_VERSION, probe, probeLine, rpcPost } from '../probed.ts';

const NO_SESSIONS_2026 = 'MCP 2026-07-28 has no initialize and no protocol-level sessions; server-stateless checks what replaced them.';

/** Ends a session a probe opened (best effort: the server may not allow it). */
async function endSession(ctx: AuditContext, sessionId: string | undefined) {
  if (sessionId === undefined) return;
  await probe(ctx, 'end the probe session', {
    method: 'DELETE',
    headers: { 'Mcp-Session-Id': sessionId, 'MCP-Protocol-Version': LEGACY_VERSION },
  });
}

export const serverInitialize: AuditCheck = {
  id: 'server-initialize',
  title: 'A fresh initialize gets a whole result',
  sections: { legacy: 'basic/lifecycle#initialization' },
  notInEra: NO_SESSIONS_2026,
  sideEffects: false,
  http: 'any',
  suite: { scenario: 'server-initialize' },
  async run(ctx) {
    const init = await probe(ctx, 'initialize', initializeRequest(1));
    await endSession(ctx, init.response?.headers['mcp-session-id']);
    return outcomeOf(judgeInitialize(init), [probeLine(init)]);
  },
};

export const serverSessionLifecycle: AuditCheck = {
  id: 'server-session-lifecycle',
  title: 'A session ends on DELETE, and then gets 404',
  sections: { legacy: 'basic/transports#session-management' },
  notInEra: NO_SESSIONS_2026,
  sideEffects: false,
  http: 'any',
  suite: { scenario: 'server-session-lifecycle' },
  async run(ctx) {
    const steps: LifecycleSteps = { init: await probe(ctx, 'initialize', initializeRequest(1)) };
    const sessionId = steps.init.response?.headers['mcp-session-id'];
    if (sessionId !== undefined && steps.init.response!.status < 300) {
      const session = { 'Mcp-Session-Id': sessionId, 'MCP-Protocol-Version': LEGACY_VERSION };
      steps.initialized = await probe(ctx, 'initialized', rpcPost({ method: 'notifications/initialized' }, session));
      if (steps.initialized.response && steps.initialized.response.status < 300) {
        steps.remove = await probe(ctx, 'end the session', { method: 'DELETE', headers: session });
        const status = steps.remove.response?.status;
        if (status !== undefined && status !== 405)
          steps.after = await probe(ctx, 'a request on the ended session', rpcPost({ id: 2, method: 'tools/list', params: {} }, session));
      }
    }
    const lines = [steps.init, steps.initialized, steps.remove, steps.after].flatMap((p) => (p ? [probeLine(p)] : []));
    const { findings, notApplicable: why } = judgeSessionLifecycle(steps);
    return why !== undefined ? notApplicable(why, lines) : outcomeOf(findings, lines);
  },
};
