/**
 * The relay's probe endpoint (`/audit-probe`), for the audit's checks a page cannot make itself: a forged Host
 * or Origin, a CORS preflight whose answer is read (docs/security.md#the-relays-probe-endpoint). It passes the
 * same front door as `/mcp` (Host, Origin, token), and then:
 * - GET answers whom the relay fronts (origin and path, never the query), so the audit judges that server;
 * - POST takes one named probe (src/shared/audit-probe.ts: a kind from a fixed list and its bounded
 *   parameters, nothing else), builds that request here, and sends it with node:http to the one target the
 *   relay was started for. No URL, method, body or header comes from the page; none of the page's headers go
 *   on. The answer (status, headers, a bounded body) comes back as JSON.
 * So the endpoint can never reach another host, and sends only the few requests the audit is known to send.
 */
import { buildNamedProbe, NAMED_PROBE_KINDS, parseNamedProbe, type RelayProbeInfo } from '../../shared/audit-probe.ts';
import type { RawHttp } from '../../engine/wire/raw-http.ts';
import { nodeRawHttp } from '../http/raw-http.ts';

/** A named probe is a few dozen bytes; anything much larger is not one. */
export const MAX_PROBE_REQUEST_BYTES = 4096;
const PROBE_TIMEOUT_MS = 15_000;

/** Response headers the page has no use for and should not see: the target's cookies. */
const HIDDEN_RESPONSE_HEADERS = new Set(['set-cookie', 'set-cookie2']);

interface ProbeAnswer {
  status: number;
  body: unknown;
  /** One line for the relay's console: the kind and the status, never a header value or a body. */
  logLine: string;
}

export interface AuditProbeEndpoint {
  answer(method: string, body: Uint8Array | undefined, signal: AbortSignal): Promise<ProbeAnswer>;
}

const refusal = (status: number, message: string, logLine: string): ProbeAnswer => ({
  status,
  body: { jsonrpc: '2.0', error: { code: -32000, message }, id: null },
  logLine,
});

export function createAuditProbeEndpoint(target: URL, rawHttp: RawHttp = nodeRawHttp): AuditProbeEndpoint {
  const info: RelayProbeInfo = { target: `${target.origin}${target.pathname}` };
  return {
    async answer(method, bytes, signal) {
      if (method === 'GET') return { status: 200, body: { ...info, kinds: NAMED_PROBE_KINDS }, logLine: 'probe endpoint described' };
      if (method !== 'POST')
        return refusal(405, 'Method not allowed. GET describes the probe endpoint; POST sends one probe.', 'probe refused (405)');
      let value: unknown;
      try {
        value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes ?? new Uint8Array()));
      } catch {
        return refusal(400, 'The probe must be a JSON object: {"kind": …, and its parameters}.', 'probe refused (400): not JSON');
      }
      const probe = parseNamedProbe(value);
      if ('refused' in probe) return refusal(400, probe.refused, 'probe refused (400)');
      const started = Date.now();
      try {
        const response = await rawHttp(target.href, buildNamedProbe(probe, target), { signal, timeoutMs: PROBE_TIMEOUT_MS });
        const headers = Object.fromEntries(Object.entries(response.headers).filter(([name]) => !HIDDEN_RESPONSE_HEADERS.has(name)));
        return {
          status: 200,
          body: { status: response.status, headers, body: response.body },
          logLine: `probe ${probe.kind} → ${response.status} in ${Date.now() - started} ms`,
        };
      } catch (error) {
        const cause = (error as { code?: string }).code ?? (error as Error).name;
        return refusal(
          502,
          `The relay could not reach ${target.origin} (${cause}). Check that the server is running and the URL is right.`,
          `probe ${probe.kind} failed: ${cause}`,
        );
      }
    },
  };
}
