/**
 * A `server/discover` answer that is a result, but not a valid one. The SDK reads an invalid discover result
 * as "not a 2026-07-28 server" and falls back to initialize, which such a server refuses, so the failure a
 * person saw was an HTTP 405 about the URL. Only a 2026-07-28 server answers `server/discover` with a result
 * at all, so what is wrong with that result is the first real answer, and it is what gets said.
 */
import type { EngineError } from '../../shared/errors.ts';
import { isRecord } from '../../shared/read.ts';

/** How much of a discover answer is read to find its result; a larger one is past any sane discover. */
const MAX_DISCOVER_CHARS = 64 * 1024;

const EXCERPT_CHARS = 500;

/** A result as sent, bounded for the error's detail. */
export function resultExcerpt(result: unknown): string {
  const text = JSON.stringify(result) ?? String(result);
  return text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS)}…` : text;
}

/** What is wrong with a `server/discover` result, in a few words ("capabilities is missing"), or undefined. */
export function discoverProblem(result: unknown): string | undefined {
  if (!isRecord(result)) return 'the result is not an object';
  const problems: string[] = [];
  const { supportedVersions, capabilities } = result;
  if (supportedVersions === undefined) problems.push('supportedVersions is missing');
  else if (!Array.isArray(supportedVersions) || !supportedVersions.every((v) => typeof v === 'string'))
    problems.push('supportedVersions is not a list of version strings');
  if (capabilities === undefined) problems.push('capabilities is missing');
  else if (!isRecord(capabilities)) problems.push('capabilities is not an object');
  else {
    const bad = Object.entries(capabilities).find(([, value]) => value !== undefined && !isRecord(value));
    if (bad) problems.push(`capabilities.${bad[0].slice(0, 40)} is not an object`);
  }
  return problems.length > 0 ? problems.join(', ') : undefined;
}

/** What the first JSON-RPC response in a discover answer carried: a result, or an error's code and message. */
type DiscoverAnswer = { result: unknown } | { error: { code?: number; message?: string } };

/** The first JSON-RPC response in a JSON or event-stream body; undefined when there is none. */
export async function readFirstResult(response: Response, signal: AbortSignal): Promise<DiscoverAnswer | undefined> {
  const type = response.headers.get('content-type') ?? '';
  const reader = response.body?.getReader();
  if (!reader) return undefined;
  const stop = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', stop, { once: true });
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (value) text += decoder.decode(value, { stream: true });
      if (type.includes('text/event-stream')) {
        const found = firstSseResult(text);
        if (found.done) return found.result;
      }
      if (done || text.length > MAX_DISCOVER_CHARS) break;
    }
    return type.includes('text/event-stream') ? undefined : resultOf(parse(text));
  } catch {
    return undefined;
  } finally {
    signal.removeEventListener('abort', stop);
    stop();
  }
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/** A JSON-RPC response's result (a present-but-undefined one kept as `null`) or error; undefined for anything else. */
function resultOf(message: unknown): DiscoverAnswer | undefined {
  if (!isRecord(message) || !('id' in message)) return undefined;
  if ('result' in message) return { result: message.result ?? null };
  if (!isRecord(message.error)) return undefined;
  const { code, message: text } = message.error;
  return {
    error: { ...(typeof code === 'number' && { code }), ...(typeof text === 'string' && { message: text.slice(0, 200) }) },
  };
}

/** The first complete event whose data is a JSON-RPC response, in the event-stream text read so far. */
function firstSseResult(text: string): { done: boolean; result?: DiscoverAnswer | undefined } {
  const events = text.split(/\r?\n\r?\n/);
  // The last piece may be an event still arriving.
  for (const event of events.slice(0, -1)) {
    const data = event
      .split(/\r?\n/)
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(line.startsWith('data: ') ? 6 : 5))
      .join('\n');
    const message = parse(data);
    if (isRecord(message) && 'id' in message && ('result' in message || 'error' in message))
      return { done: true, result: resultOf(message) };
  }
  return { done: false };
}

/** The failure, worded for Auto (where the SDK would have fallen back to 2025) or a pin to 2026-07-28; `excerpt` is the result as sent. */
export function malformedDiscoverError(problem: string, pinned: boolean, excerpt?: string): EngineError {
  const era = pinned
    ? 'MCP Lens is pinned to 2026-07-28 and cannot use this answer.'
    : 'It is a 2026-07-28 server (only those answer server/discover), so MCP Lens did not take it for a 2025 one.';
  return {
    code: 'bad-response',
    message: `The server answered server/discover, but its result is not valid: ${problem}. ${era} The server must send supportedVersions and capabilities (an empty object if it offers nothing).`,
    detail: `server/discover result: ${excerpt ?? problem}`,
  };
}
