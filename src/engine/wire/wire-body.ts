/**
 * Keeps the text of an HTTP body for the wire view and HAR export: the first MAX_WIRE_BODY_CHARS characters,
 * the full size, and secrets masked. A long-lived event stream costs at most that much; the rest is counted.
 */
import type { WireBody } from '../../shared/events.ts';
import { redactBodyText } from '../../shared/redact.ts';

/** Per body, request or response. The UI's HTTP store bounds the total across exchanges. */
export const MAX_WIRE_BODY_CHARS = 256 * 1024;

export function wireBody(text: string, max = MAX_WIRE_BODY_CHARS): WireBody {
  const truncated = text.length > max;
  return { text: redactBodyText(truncated ? text.slice(0, max) : text), size: text.length, ...(truncated && { truncated: true }) };
}

export interface BodyCapture {
  add(text: string): void;
  /** What was kept so far; undefined if nothing arrived. */
  body(): WireBody | undefined;
}

export function createBodyCapture(max = MAX_WIRE_BODY_CHARS): BodyCapture {
  const parts: string[] = [];
  let kept = 0;
  let size = 0;
  return {
    add(text) {
      size += text.length;
      if (kept >= max || text === '') return;
      const part = text.length > max - kept ? text.slice(0, max - kept) : text;
      parts.push(part);
      kept += part.length;
    },
    body() {
      if (size === 0) return undefined;
      return { text: redactBodyText(parts.join('')), size, ...(size > kept && { truncated: true }) };
    },
  };
}
