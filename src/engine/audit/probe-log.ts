/**
 * The audit's raw probes in the Message log and the HTTP view, so a check links to what it sent like any other
 * request. A probe goes beside the session (probe.ts), not through the wire tap, so it is recorded here: its
 * JSON-RPC request and the response in its body as log entries whose origin is the check with `probe` (the
 * log badges them "audit probe"), and its HTTP exchange with the headers the probe itself sent (it carries none
 * of the person's headers or tokens; the relay's token is added past this point, and masked anyway). Emitted
 * straight to the page, not to the engine's wire watchers: the audit's sender watches those for its own
 * requests, and a probe is not one of them.
 */
import { buildNamedProbe, type ProbeRequest, type ProbeResponse } from '../../shared/audit-probe.ts';
import type { AuditExchange } from '../../shared/audit.ts';
import { boundJson } from '../../shared/bounds.ts';
import type { EngineEvent, HttpExchange, MessageEntry } from '../../shared/events.ts';
import { describeError } from '../../shared/read.ts';
import { redactResponseHeaders, redactUrl } from '../../shared/redact.ts';
import { classifyFrame } from '../wire/frames.ts';
import { wireBody } from '../wire/wire-body.ts';
import { firstRpcResponse, isEventStream, type HttpProbe } from './probe.ts';

interface ProbeLogDeps {
  /** The engine's sequence, shared by log entries and HTTP exchanges. */
  nextSeq: () => number;
  now: () => number;
  emit: (event: EngineEvent) => void;
}

type Outcome = { response: ProbeResponse } | { problem: string };

export interface ProbeLog {
  /** Records a probe as it goes out; `end` records what came back and gives the ids a check cites. */
  begin(checkId: string, url: string, request: ProbeRequest): { end(outcome: Outcome): AuditExchange };
}

function parsed(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function createProbeLog({ nextSeq, now, emit }: ProbeLogDeps): ProbeLog {
  return {
    begin(checkId, url, request) {
      const started = now();
      const exchange: HttpExchange = {
        seq: nextSeq(),
        time: started,
        method: request.method,
        url: redactUrl(url),
        // Lower-case, as the wire tap's (fetch's Headers) are. Every header here is the audit's own (none is the
        // person's), so only secret-looking names are masked: the forged Host is the point of the probe.
        requestHeaders: redactResponseHeaders(Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value])),
        durationMs: 0,
        ...(request.body !== undefined && { requestBody: wireBody(request.body) }),
      };
      const mark = { httpSeq: exchange.seq, origin: { feature: 'audit', id: checkId, probe: true } } satisfies Partial<MessageEntry>;
      const message = parsed(request.body);
      const out = message === undefined ? undefined : entryOf(message, 'out', nextSeq(), started, mark);
      emit({ type: 'http', exchange });
      if (out) emit({ type: 'message', entry: out });
      return {
        end(outcome) {
          const ended = now();
          const response = 'response' in outcome ? outcome.response : undefined;
          const headers = Object.entries(response?.headers ?? {});
          const answered: HttpExchange = {
            ...exchange,
            durationMs: ended - started,
            ...(response
              ? {
                  status: response.status,
                  responseHeaders: redactResponseHeaders(headers),
                  ...(response.headers['content-type'] !== undefined && { contentType: response.headers['content-type'] }),
                  responseBody: wireBody(response.body),
                  bodyBytes: response.body.length,
                  endedMs: ended - started,
                }
              : { error: 'problem' in outcome ? outcome.problem : 'No answer.' }),
          };
          emit({ type: 'http', exchange: answered });
          const rpc = response && firstRpcResponse(response.body, isEventStream(response.headers['content-type']));
          const answer =
            rpc === undefined
              ? undefined
              : entryOf(rpc, 'in', nextSeq(), ended, {
                  ...mark,
                  ...(out?.kind === 'request' && { requestSeq: out.seq, latencyMs: ended - started }),
                });
          if (answer) emit({ type: 'message', entry: answer });
          return {
            method: out?.method ?? request.method,
            ...(out && { requestSeq: out.seq }),
            ...(answer && { responseSeq: answer.seq }),
            httpSeq: exchange.seq,
            ...(response && { httpStatus: response.status }),
            ...(out === undefined && { plainHttp: plainHttpOf(answered) }),
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

function entryOf(value: unknown, direction: 'in' | 'out', seq: number, time: number, extra: Partial<MessageEntry>): MessageEntry {
  const facts = classifyFrame(value);
  return {
    seq,
    time,
    direction,
    kind: facts.kind,
    ...(facts.method !== undefined && { method: facts.method }),
    ...(facts.rpcId !== undefined && { rpcId: facts.rpcId }),
    message: boundJson(value),
    size: JSON.stringify(value).length,
    ...extra,
  };
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
