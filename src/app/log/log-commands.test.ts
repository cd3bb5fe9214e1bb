/**
 * The Message log's commands in Node: the real engine behind a MessageChannel and the demo server on
 * loopback. Re-sending goes to the live session only; exports are JSON lines with secrets masked.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EngineClient } from '../../bridge/index.ts';
import { startDemoServer, type RunningDemoServer } from '../../node/demo-server/index.ts';
import type { MessageEntry } from '../../shared/events.ts';
import { engineOverChannel } from '../../test/support/engine-channel.ts';
import { nodeEffects } from '../../test/support/node-effects.ts';
import type { AppEffects } from '../effects.ts';
import { createLensApp, type LensApp } from '../lens-app.ts';
import { whyNotResend } from './log-commands.ts';
import { READ_ONLY_REASON } from '../session-file/replay-client.ts';

const PLANTED = 'planted-secret-4bd1c9';

let demo: RunningDemoServer;
let engine: ReturnType<typeof engineOverChannel>;
let client: EngineClient;
let app: LensApp;
let downloads: Array<{ fileName: string; content: Blob }>;

const effects = (): AppEffects => nodeEffects(downloads);

beforeAll(async () => {
  demo = await startDemoServer({ port: 0 });
});
afterAll(() => demo.close());

async function connected(era: 'legacy' | 'modern') {
  engine = engineOverChannel();
  client = engine.client;
  downloads = [];
  app = createLensApp({
    client,
    effects: effects(),
    opened: { url: demo.url, tab: null, tool: null, connect: false, demo: false },
    initialHeaders: [{ name: 'X-Api-Key', value: PLANTED }],
    redirectUrl: 'http://127.0.0.1/oauth-callback.html',
  });
  app.connection.getState().actions.setEra(era);
  await app.commands.connection.connect();
}

afterEach(async () => {
  await app.commands.connection.disconnect();
  app.dispose();
  engine.close();
});

/** The log's message entries, oldest first, with their item ids. */
const logged = () => {
  const { ids, byId } = app.log.getState();
  return ids.toArray().flatMap((id) => {
    const item = byId.get(id);
    return item?.type === 'message' ? [{ id, entry: item.entry }] : [];
  });
};
const sent = (method: string) => logged().filter(({ entry }) => entry.direction === 'out' && entry.method === method);
const text = (result: unknown) => JSON.stringify((result as { content?: unknown }).content);

describe('re-sending from the log', () => {
  it.each(['legacy', 'modern'] as const)('re-sends a tools/call as it was and edited, each marked in the log (%s)', async (era) => {
    await connected(era);
    await app.commands.tools.runTool({ name: 'echo', arguments: { message: 'original' } });
    const [original] = sent('tools/call');

    const again = await app.commands.log.resendRequest(original!.id);
    expect(text(again.result)).toContain('original');
    const edited = await app.commands.log.resendRequest(original!.id, {
      method: 'tools/call',
      params: { name: 'echo', arguments: { message: 'edited' } },
    });
    expect(text(edited.result)).toContain('edited');

    // Events that came before a result reach the stores before the result settles.
    const calls = sent('tools/call').map(({ entry }) => entry);
    expect(calls.map((entry) => entry.origin?.feature)).toEqual([undefined, 'resend', 'resend']);
    expect(calls.slice(1).map((entry) => entry.origin)).toMatchObject([
      { fromSeq: original!.entry.seq, fromId: original!.entry.rpcId, edited: false },
      { fromSeq: original!.entry.seq, fromId: original!.entry.rpcId, edited: true },
    ]);
    const answers = logged().filter(({ entry }) => calls.slice(1).some((call) => call.seq === entry.requestSeq));
    expect(answers.map(({ entry }) => entry.kind)).toEqual(['response', 'response']);
  });

  it('refuses what is not a request MCP Lens may send, and anything while a saved session is open', async () => {
    await connected('legacy');
    const initialize = sent('initialize')[0]!;
    const initialized = sent('notifications/initialized')[0]!;
    await expect(app.commands.log.resendRequest(initialize.id)).rejects.toMatchObject({ message: expect.stringContaining('Connect') });
    await expect(app.commands.log.resendRequest(initialized.id)).rejects.toMatchObject({
      message: expect.stringContaining('not a request'),
    });
    const answer = logged().find(({ entry }) => entry.direction === 'in' && entry.kind === 'response')!;
    await expect(app.commands.log.resendRequest(answer.id)).rejects.toMatchObject({ message: expect.stringContaining('MCP Lens sent') });

    await app.commands.tools.runTool({ name: 'echo', arguments: { message: 'saved' } });
    await app.commands.sessionFile.saveSessionFile();
    await app.commands.sessionFile.openSessionFile(new File([downloads[0]!.content], downloads[0]!.fileName));
    const replayed = sent('tools/call')[0]!;
    await expect(app.commands.log.resendRequest(replayed.id)).rejects.toMatchObject({ message: READ_ONLY_REASON });
  });

  it('says why a request cannot be re-sent while disconnected', () => {
    const entry: MessageEntry = {
      seq: 1,
      time: 0,
      direction: 'out',
      kind: 'request',
      method: 'tools/list',
      rpcId: 1,
      message: { method: 'tools/list' },
    };
    const item = { id: 'm1', type: 'message', entry } as const;
    expect(whyNotResend(item, { connected: false, replaying: false })).toMatch(/^Connect/);
    expect(whyNotResend(item, { connected: true, replaying: false })).toBeNull();
  });
});

describe('exporting the log as JSON lines', () => {
  it('writes every message, or what the filters show, one masked JSON-RPC message per line', async () => {
    await connected('legacy');
    // A secret-named argument: the log keeps it as sent, the export masks it.
    await app.commands.tools.runTool({ name: 'echo', arguments: { message: 'exported', api_key: PLANTED } }).catch(() => undefined);

    await app.commands.log.exportLog('all');
    const all = downloads.at(-1)!;
    expect(all.fileName).toMatch(/^mcp-lens-log-.*\.jsonl$/);
    const body = await all.content.text();
    expect(body).not.toContain(PLANTED);
    const lines = body
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { time: string; direction: string; message: { method?: string } });
    expect(lines).toHaveLength(logged().length);
    expect(lines[0]).toMatchObject({ direction: 'out', message: { method: 'initialize' } });
    expect(Number.isNaN(Date.parse(lines[0]!.time))).toBe(false);
    expect(JSON.stringify(lines)).toContain('"api_key":"•••• (');

    app.log.getState().actions.setFacets({ direction: 'out', method: 'tools/call' });
    await app.commands.log.exportLog('shown');
    const shown = downloads.at(-1)!;
    expect(shown.fileName).toMatch(/^mcp-lens-log-filtered-.*\.jsonl$/);
    const filtered = (await shown.content.text())
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { direction: string; message: { method: string } });
    expect(filtered.map((line) => [line.direction, line.message.method])).toEqual([['out', 'tools/call']]);
  });
});
