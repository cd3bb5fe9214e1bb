/**
 * The audit's probes when the connection goes through the local relay (src/node/relay/). The session's URL is
 * then the relay's, so:
 * - a plain probe goes to the relay's MCP endpoint with the relay's token (the relay drops the token and
 *   forwards the rest to the server it fronts, as it does every request);
 * - a named probe (a forged Host or Origin, a preflight) goes by name to the relay's probe endpoint, which
 *   builds that request itself and sends it only to the server it fronts (docs/security.md). Its answer comes
 *   back as data, every header included, so CORS hides nothing from the judges.
 * Only the relay's token rides along: never the person's other headers or tokens.
 */
import { RELAY_PROBE_PATH, type NamedProbe, type ProbeResponse } from '../../shared/audit-probe.ts';
import { describeError, isRecord } from '../../shared/read.ts';
import { AUDIT_COMMANDS, RELAY_TOKEN_HEADER } from '../../shared/relay.ts';
import type { FetchLike } from '../wire/wire-tap.ts';
import { fetchRawHttp, type HttpProbe } from './probe.ts';

interface RelayProbeDeps {
  fetch: FetchLike;
  /** The relay's MCP endpoint (the session's URL). */
  relayUrl: URL;
  token: string;
  signal: AbortSignal;
  timeoutMs: number;
}

/** The relay as the audit's probe, or why it cannot be one (a stdio target, an older relay): the checks say so. */
export async function openRelayProbe(deps: RelayProbeDeps): Promise<HttpProbe | { unavailable: string }> {
  const { fetch, relayUrl, token, signal, timeoutMs } = deps;
  const endpoint = `${relayUrl.origin}${RELAY_PROBE_PATH}`;
  const init = (extra: RequestInit = {}): RequestInit => ({
    ...extra,
    headers: { ...(extra.headers as Record<string, string> | undefined), [RELAY_TOKEN_HEADER]: token },
    credentials: 'omit',
    cache: 'no-store',
    redirect: 'manual',
    signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
  });
  let target: URL;
  try {
    const answer = await fetch(endpoint, init());
    const info: unknown = answer.ok ? await answer.json() : undefined;
    const declared = isRecord(info) && typeof info.target === 'string' && URL.canParse(info.target) ? new URL(info.target) : undefined;
    if (declared === undefined || (declared.protocol !== 'http:' && declared.protocol !== 'https:'))
      return {
        unavailable: `The local relay has no probe endpoint for this server (HTTP ${answer.status} from ${RELAY_PROBE_PATH}): a relay for a stdio server has no HTTP to probe, and an older relay has none. Run the command line against the server itself: ${AUDIT_COMMANDS}.`,
      };
    target = declared;
  } catch (error) {
    if (signal.aborted) throw error;
    return { unavailable: `The local relay's probe endpoint did not answer (${describeError(error)}).` };
  }
  const plain = fetchRawHttp(fetch);
  return {
    unrestricted: true,
    via: 'relay',
    target,
    url: relayUrl,
    send: (request) =>
      plain(relayUrl.href, { ...request, headers: { ...request.headers, [RELAY_TOKEN_HEADER]: token } }, { signal, timeoutMs }),
    async sendNamed(named: NamedProbe): Promise<ProbeResponse> {
      const answer = await fetch(
        endpoint,
        init({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(named) }),
      );
      const body: unknown = await answer.json().catch(() => undefined);
      if (!answer.ok || !isRecord(body) || typeof body.status !== 'number' || !isRecord(body.headers) || typeof body.body !== 'string') {
        const refusal = isRecord(body) && isRecord(body.error) && typeof body.error.message === 'string' ? body.error.message : '';
        throw new Error(`The relay's probe endpoint answered HTTP ${answer.status}${refusal ? `: ${refusal.slice(0, 300)}` : ''}`);
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(body.headers)) if (typeof value === 'string') headers[name.toLowerCase()] = value;
      return { status: body.status, headers, body: body.body };
    },
  };
}
