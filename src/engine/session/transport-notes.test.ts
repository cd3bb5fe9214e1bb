import { describe, expect, it } from 'vitest';
import { transportNote } from './transport-notes.ts';

describe('what the transport reports once connected, in words', () => {
  it('says the event stream broke off, with the SDK words only as the detail', () => {
    expect(transportNote(new Error('SSE stream disconnected: TypeError: terminated'))).toBe(
      "The server's event stream broke off (TypeError: terminated).",
    );
    expect(transportNote(new Error('Failed to reconnect SSE stream: HTTP 503'))).toBe(
      "The server's event stream could not be opened again (HTTP 503).",
    );
    expect(transportNote(new Error('Maximum reconnection attempts (2) exceeded.'))).toMatch(
      /^The server's event stream stayed closed after 2 tries to reopen it: notifications from the server stop/,
    );
  });

  it('never lets an unknown SDK sentence stand alone, and bounds it', () => {
    const note = transportNote(new Error(`Something odd ${'x'.repeat(1000)}`));
    expect(note).toMatch(/^The connection to the server reported a problem \(Something odd x+\)\.$/);
    expect(note.length).toBeLessThan(400);
    expect(note).not.toMatch(/^Transport:/);
  });
});
