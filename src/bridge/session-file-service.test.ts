/**
 * The session-file worker's job, driven over a real MessageChannel as the browser drives the worker: saving
 * crosses in slices and comes back as one Blob; opening that Blob gives the same session back.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { SavedLogItem, SessionData } from '../shared/session-file/session-file.ts';
import { SLICE, type FromSessionWorker, type SessionWorkerPort, type ToSessionWorker } from './session-file-protocol.ts';
import { readSessionFile } from './session-file-reader.ts';
import { serveSessionFiles } from './session-file-service.ts';
import type { SessionWorker } from './session-file-worker-port.ts';
import { writeSessionFile } from './session-file-writer.ts';

const channels: MessageChannel[] = [];
afterEach(() => {
  for (const channel of channels.splice(0)) channel.port1.close();
});

/** A worker stand-in: the service on one port, the UI side on the other; records what the UI posted. */
function spawnInProcess(posted: ToSessionWorker[]): () => SessionWorker {
  return () => {
    const channel = new MessageChannel();
    channels.push(channel);
    serveSessionFiles(channel.port2 as unknown as SessionWorkerPort<ToSessionWorker, FromSessionWorker>);
    channel.port2.start();
    const ui = channel.port1;
    ui.start();
    return {
      postMessage: (message: ToSessionWorker) => {
        posted.push(message);
        ui.postMessage(message);
      },
      addEventListener: (type: string, listener: (event: never) => void) => {
        if (type === 'message') ui.addEventListener('message', listener as (event: MessageEvent) => void);
      },
      terminate: () => {
        ui.close();
        channel.port2.close();
      },
    } as SessionWorker;
  };
}

const items = (count: number): SavedLogItem[] =>
  Array.from({ length: count }, (_, index) => ({
    id: `m${index}`,
    type: 'message',
    entry: {
      seq: index,
      time: index,
      direction: 'out',
      kind: 'request',
      method: 'tools/call',
      rpcId: index,
      message: { params: { apiKey: 'k-123' } },
    },
  }));

const session = (count: number): SessionData => ({
  connection: { url: 'https://example.com/mcp?key=abc', transport: 'auto', headerNames: ['X-Goog-Api-Key'] },
  server: null,
  log: { evicted: 2, items: items(count) },
  http: { evicted: 0, exchanges: [] },
  results: [],
});

describe('the session-file worker', () => {
  it('saves from slices into one redacted Blob, which opens back to the same session', async () => {
    const posted: ToSessionWorker[] = [];
    const count = SLICE * 2 + 5;
    const blob = await writeSessionFile(session(count), { savedAt: new Date(0), appVersion: 'test' }, spawnInProcess(posted));
    // The UI thread only ever posted slices; the whole session was serialized on the other side.
    const slices = posted.filter((message) => message.kind === 'write-items');
    expect(slices.map((message) => message.kind === 'write-items' && message.items.length)).toEqual([SLICE, SLICE, 5]);
    const text = await blob.text();
    expect(text).not.toContain('k-123');
    expect(text).toContain('key=••••');

    const opened = await readSessionFile(blob, undefined, spawnInProcess([]));
    expect(opened.ok && opened.file.log.items).toHaveLength(count);
    expect(opened.ok && opened.file.log.evicted).toBe(2);
  });

  it('reports a crafted file as an error or notes, never as a thrown exception', async () => {
    const notJson = await readSessionFile(new Blob(['{"format": "mcp-lens-session", ']), undefined, spawnInProcess([]));
    expect(notJson).toMatchObject({ ok: false, error: expect.stringMatching(/not valid JSON/) });
    const crafted = new Blob([
      JSON.stringify({ format: 'mcp-lens-session', version: 2, connection: { url: {} }, log: { items: [5, null] } }),
    ]);
    const opened = await readSessionFile(crafted, undefined, spawnInProcess([]));
    expect(opened).toMatchObject({ ok: true, notes: expect.arrayContaining(['This file had 2 log items of the wrong shape; left out.']) });
  });
});
