/**
 * A problem the SDK's transport reports once a connection is up (its `onerror`), in a person's words. The
 * SDK's own sentence ("SSE stream disconnected: …") may follow a plain lead as the detail, never stand alone.
 */
import { explainError } from '../errors/explain-error.ts';

const DETAIL_CHARS = 300;
const detail = (text: string | undefined) => (text && text.trim() !== '' ? ` (${text.trim().slice(0, DETAIL_CHARS)})` : '');

export function transportNote(error: Error): string {
  const { message } = error;
  const broke = /^SSE stream disconnected: ?(.*)$/s.exec(message);
  if (broke) return `The server's event stream broke off${detail(broke[1])}.`;
  const reopen = /^Failed to reconnect(?: SSE stream)?: ?(.*)$/s.exec(message);
  if (reopen) return `The server's event stream could not be opened again${detail(reopen[1])}.`;
  const gaveUp = /^Maximum reconnection attempts \((\d+)\) exceeded/.exec(message);
  if (gaveUp)
    return `The server's event stream stayed closed after ${gaveUp[1]} tries to reopen it: notifications from the server stop until you connect again.`;
  const explained = explainError(error);
  if (explained.code !== 'internal') return explained.message;
  return `The connection to the server reported a problem${detail(message)}.`;
}
