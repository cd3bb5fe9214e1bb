/**
 * The audit's raw probes in the Message log and the HTTP view, so a check links to what it sent like any other
 * request. A probe goes beside the session (probe.ts), not through the session's fetch, so it is recorded by
 * the wire tap's `beside` (src/engine/wire/wire-tap.ts), the one recorder: its JSON-RPC request and the
 * response in its body as log entries whose origin is the check with `probe` (the log badges them "audit
 * probe"), and its HTTP exchange with the headers the probe itself sent (it carries none of the person's
 * headers or tokens; the relay's token is added past this point, and masked anyway). What is left here is the
 * audit's part: finding the JSON-RPC answer in the body, and the ids a check cites.
 */
import { buildNamedProbe, type ProbeRequest, type ProbeResponse } from '../../shared/audit-probe.ts';
import type { AuditExchange } from '../../shared/audit.ts';
import type { HttpExchange } from '../../shared/events.ts';
import { describeError } from '../../shared/read.ts';
import type { WireTap } from '../wire/wire-tap.ts';
import { firstRpcResponse, isEventStream, type HttpProbe } from './probe.ts';

type Outcome = { response: ProbeResponse } | { problem: string };

export interface ProbeLog {
  /** Records a probe as it goes out; `end` records what came back and gives the ids a check cites. */
  begin(checkId: string, url: string, request: ProbeRequest): { end(outcome: Outcome): AuditExchange };
}

export function createProbeLog(beside: WireTap['beside']): ProbeLog {
  return {
    begin(checkId, url, request) {
      const record = beside({ feature: 'audit', id: checkId, probe: true }, { ...request, url });
      const out = record.request;
      return {
        end(outcome) {
          const response = 'response' in outcome ? outcome.response : undefined;
          const answer = response && firstRpcResponse(response.body, isEventStream(response.headers['content-type']));
          const ended = record.end(response ? { response, ...(answer !== undefined && { answer }) } : outcome);
          return {
            method: out?.method ?? request.method,
            ...(out && { requestSeq: out.seq }),
            ...(ended.answer && { responseSeq: ended.answer.seq }),
            httpSeq: record.httpSeq,
            ...(response && { httpStatus: response.status }),
            ...(out === undefined && { plainHttp: plainHttpOf(ended.exchange) }),
          };
        },
      };
    },
  };
}

const PLAIN_BODY_CHARS = 500;

/** A probe without a JSON-RPC message as two short texts, request and response, from its masked exchange. */
function plainHttpOf(exchange: HttpExchange): { request: string; response: string } {
  const headers = (entries: ReadonlyArray<readonly [string, string]> | undefined) => (entries ?? []).map(([n, v]) => `${n}: ${v}`);
  const body = exchange.responseBody?.text ?? '';
  const cut = body.length > PLAIN_BODY_CHARS ? `${body.slice(0, PLAIN_BODY_CHARS)}…` : body;
  const response =
    exchange.status === undefined
      ? `No answer: ${exchange.error ?? 'unknown'}`
      : [`HTTP ${exchange.status}`, ...headers(exchange.responseHeaders), ...(cut ? ['', cut] : [])].join('\n');
  return { request: [`${exchange.method} ${exchange.url}`, ...headers(exchange.requestHeaders)].join('\n'), response };
}

/** `http` with every probe a check sends recorded in `log` and cited (`cite`) as the check's exchange. */
export function loggedHttp(http: HttpProbe, log: ProbeLog, checkId: string, cite: (ids: AuditExchange) => void): HttpProbe {
  const around = async (url: string, request: ProbeRequest, send: () => Promise<ProbeResponse>) => {
    const entry = log.begin(checkId, url, request);
    try {
      const response = await send();
      cite(entry.end({ response }));
      return response;
    } catch (error) {
      cite(entry.end({ problem: describeError(error) }));
      throw error;
    }
  };
  return {
    ...http,
    send: (request) => around(http.url.href, request, () => http.send(request)),
    sendNamed: (named) => around(http.target.href, buildNamedProbe(named, http.target), () => http.sendNamed(named)),
  };
}
