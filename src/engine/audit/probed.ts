/**
 * A probe as the judges read it (what was sent, the answer or why none came), how a check sends one, and the
 * requests it sends: JSON-RPC over Streamable HTTP with each era's headers, built here rather than by the
 * SDK because these checks break the rules on purpose.
 */
import { buildNamedProbe, type NamedProbe } from '../../shared/audit-probe.ts';
import { describeError, isRecord } from '../../shared/read.ts';
import type { AuditContext, CheckOutcome } from './check.ts';
import { quote } from './judge/findings.ts';
import { firstRpcResponse, isEventStream, type ProbeRequest, type ProbeResponse } from './probe.ts';

export interface Probed {
  /** What the line says it was for: "initialize with a forged Host". */
  label: string;
  request: ProbeRequest;
  response?: ProbeResponse;
  /** Why no HTTP answer came (a network failure, the timeout). */
  problem?: string;
  /** The JSON-RPC response in the body, when there was one. */
  rpc?: Record<string, unknown>;
}

export { initializeRequest, LEGACY_VERSION, MODERN_META, MODERN_VERSION, modernRequest, rpcPost } from '../../shared/audit-probe.ts';

/** Sends one probe; a network failure or timeout is recorded, not thrown (cancellation is). */
export function probe(ctx: Pick<AuditContext, 'http' | 'signal'>, label: string, request: ProbeRequest): Promise<Probed> {
  return settle(ctx, label, request, () => ctx.http.send(request));
}

async function settle(
  ctx: Pick<AuditContext, 'signal'>,
  label: string,
  request: ProbeRequest,
  send: () => Promise<ProbeResponse>,
): Promise<Probed> {
  try {
    const response = await send();
    const rpc = firstRpcResponse(response.body, isEventStream(response.headers['content-type']));
    return { label, request, response, ...(rpc && { rpc }) };
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    return { label, request, problem: describeError(error) };
  }
}

/**
 * Sends one named probe (a forged Host or Origin, a preflight): built here for the details, sent by the
 * command line's node:http or by the relay, which builds the same request itself.
 */
export function probeNamed(ctx: Pick<AuditContext, 'http' | 'signal'>, label: string, named: NamedProbe): Promise<Probed> {
  return settle(ctx, label, buildNamedProbe(named, ctx.http.target), () => ctx.http.sendNamed(named));
}

/**
 * A named probes' outcome, saying so when they went through the local relay: the reason ends with it (it is
 * what a person sees first), and the details say where the relay sent them.
 */
export function throughRelay(ctx: Pick<AuditContext, 'http'>, outcome: CheckOutcome): CheckOutcome {
  if (ctx.http.via !== 'relay') return outcome;
  const target = `${ctx.http.target.origin}${ctx.http.target.pathname}`;
  return {
    ...outcome,
    reason: `${outcome.reason} (Checked through the local relay.)`,
    details: [
      `Sent through the local relay: a page cannot set Host or Origin or read a preflight's answer, so the relay built these requests and sent them to the server it fronts, ${target}.`,
      ...outcome.details,
    ],
  };
}

/** One line for the details: what the probe sent and what came back. */
export function probeLine(probed: Probed): string {
  const { request, response, rpc } = probed;
  const method = request.body === undefined ? '' : (methodOf(request.body) ?? '');
  const sent = `${request.method}${method ? ` ${method}` : ''}`;
  if (!response) return `${probed.label}: sent ${sent}; no answer (${probed.problem ?? 'unknown'}).`;
  const error = rpc && isRecord(rpc.error) ? `, JSON-RPC error ${String(rpc.error.code)} ${quote(rpc.error.message, 60)}` : '';
  const result = rpc && 'result' in rpc ? ', a result' : '';
  return `${probed.label}: sent ${sent}; got HTTP ${response.status}${error}${result}.`;
}

function methodOf(body: string): string | undefined {
  try {
    const message: unknown = JSON.parse(body);
    return isRecord(message) && typeof message.method === 'string' ? message.method : undefined;
  } catch {
    return undefined;
  }
}

/** The JSON-RPC error code of a probe's answer, if it carried one. */
export const errorCode = (probed: Probed): unknown => (probed.rpc && isRecord(probed.rpc.error) ? probed.rpc.error.code : undefined);
export const isSuccess = (probed: Probed) => probed.response !== undefined && probed.response.status >= 200 && probed.response.status < 300;
