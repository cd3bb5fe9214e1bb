/**
 * The audit's unrestricted probe (src/engine/audit/probe.ts) on node:http: unlike fetch, it sends the Host
 * header it is given (fetch always sends the URL's), so the DNS-rebinding check can send a forged one, and it
 * reads every response header, so the CORS check can read a preflight's answer. The command line and the
 * Node tests pass it to the engine; a browser has none.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { firstRpcResponse, isEventStream } from '../../engine/audit/probe.ts';
import type { RawHttp } from '../../engine/wire/raw-http.ts';
import { PROBE_MAX_BODY_BYTES } from '../../shared/audit-probe.ts';

export const nodeRawHttp: RawHttp = (url, probe, { signal, timeoutMs }) =>
  new Promise<Awaited<ReturnType<RawHttp>>>((resolveAnswer, rejectAnswer) => {
    const resolve = (answer: Awaited<ReturnType<RawHttp>>) => {
      clearTimeout(deadline);
      resolveAnswer(answer);
    };
    const reject = (error: Error) => {
      clearTimeout(deadline);
      rejectAnswer(error);
    };
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(target, { method: probe.method, headers: probe.headers, signal }, (res) => {
      readBody(res).then(
        (body) => resolve({ status: res.statusCode ?? 0, headers: headersOf(res), body }),
        (error: unknown) => reject(error instanceof Error ? error : new Error(String(error))),
      );
    });
    // A limit on the whole exchange, not on silence: a target that sends a byte every few seconds would hold
    // an idle timeout open for ever.
    const deadline = setTimeout(() => req.destroy(new Error(`No whole answer within ${Math.round(timeoutMs / 1000)} s.`)), timeoutMs);
    req.on('error', reject);
    req.end(probe.body);
  });

function headersOf(res: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/** The body up to its first JSON-RPC response or the bound; the socket is let go then (a stream may stay open). */
async function readBody(res: IncomingMessage): Promise<string> {
  const eventStream = isEventStream(res.headers['content-type']);
  let text = '';
  res.setEncoding('utf8');
  for await (const chunk of res as AsyncIterable<string>) {
    text += chunk;
    if (text.length >= PROBE_MAX_BODY_BYTES || (eventStream && firstRpcResponse(text, true) !== undefined)) {
      res.destroy();
      break;
    }
  }
  return text.slice(0, PROBE_MAX_BODY_BYTES);
}
