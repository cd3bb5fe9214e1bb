/**
 * Contracts in the app against the demo server, through the real engine: "Save contract snapshot" downloads
 * the bytes `mcp-lens snapshot` writes, through one job of the registry, "Compare with…" a
 * snapshot file names each breaking change with its pointer, a file that is not a snapshot is refused in
 * words, and two open connections (the demo in 2025 and in 2026-07-28) compare either way round.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLensApp, type LensApp } from '../app/lens-app.ts';
import { startDemoServer, type RunningDemoServer } from '../node/demo-server/index.ts';
import { readSnapshot } from '../shared/contract/contract-snapshot.ts';
import type { EngineEvent } from '../shared/events.ts';
import { startCli } from './support/cli-harness.ts';
import { engineOverChannel } from './support/engine-channel.ts';
import { nodeEffects } from './support/node-effects.ts';

let demo: RunningDemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0 });
});
afterAll(() => demo.close());

interface Opened {
  app: LensApp;
  downloads: Array<{ fileName: string; content: Blob }>;
  /** The list requests the engine sent, by method. */
  listsSent: string[];
}
const opened: Array<Opened & { close(): void }> = [];

async function connected(era: 'legacy' | 'modern', name: string): Promise<Opened> {
  const engine = engineOverChannel();
  const downloads: Opened['downloads'] = [];
  const listsSent: Opened['listsSent'] = [];
  engine.client.subscribe((events: readonly EngineEvent[]) => {
    for (const event of events)
      if (event.type === 'message' && event.entry.direction === 'out' && event.entry.method?.endsWith('/list'))
        listsSent.push(event.entry.method);
  });
  const app = createLensApp({
    client: engine.client,
    effects: nodeEffects(downloads),
    opened: { url: demo.url, tab: null, tool: null, connect: false, demo: false },
    redirectUrl: 'http://127.0.0.1/oauth-callback.html',
    name: () => name,
  });
  app.connection.getState().actions.setEra(era);
  await app.commands.connection.connect();
  opened.push({
    app,
    downloads,
    listsSent,
    close: () => {
      app.dispose();
      engine.close();
    },
  });
  return { app, downloads, listsSent };
}

afterEach(async () => {
  for (const each of opened.splice(0)) {
    await each.app.commands.connection.disconnect();
    each.close();
  }
});

const file = (name: string, text: string) => Object.assign(new Blob([text]), { name });

describe('contracts in the app', () => {
  it('saves the bytes mcp-lens snapshot writes, named after the connection, through one job of the jobs registry', async () => {
    const { app, downloads, listsSent } = await connected('legacy', 'demo');
    const before = listsSent.length;
    await expect(app.commands.contract.saveContractSnapshot()).resolves.toBe(true);
    expect(downloads).toHaveLength(1);
    expect(downloads[0]!.fileName).toMatch(/^mcp-lens-contract-demo-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.json$/);
    expect(app.contract.getState()).toMatchObject({ saved: downloads[0]!.fileName, activity: null, error: null });

    const cli = startCli(['snapshot', '--era', '2025', demo.url]);
    expect(await cli.done).toBe(0);
    expect(await downloads[0]!.content.text()).toBe(`${cli.stdout[0]}\n`);

    // One job of the registry, settled, sent the four lists.
    expect(listsSent.slice(before)).toEqual(
      expect.arrayContaining(['tools/list', 'prompts/list', 'resources/list', 'resources/templates/list']),
    );
    const jobs = [...app.calls.getState().byId.values()].filter((call) => call.kind === 'contract-surface');
    expect(jobs).toEqual([expect.objectContaining({ status: 'success', scope: 'contract', target: 'server' })]);

    // Demo mode writes no file, as every export; the note says why.
    app.prefs.getState().actions.setDemo(true);
    await expect(app.commands.contract.saveContractSnapshot()).resolves.toBe(false);
    expect(downloads).toHaveLength(1);
  });

  it('compares with a snapshot file: each breaking change with its pointer and sentence, breaking first; a file that is not one is refused', async () => {
    const { app } = await connected('legacy', 'demo');
    const listing = await app.commands.contract.takeContractSnapshot();
    const old = structuredClone(listing.snapshot);
    old.tools['retired-tool'] = { inputSchema: { type: 'object' } };
    await expect(app.commands.contract.compareContractWithFile(file('contract.json', JSON.stringify(old)))).resolves.toBe(true);
    const { comparison } = app.contract.getState();
    expect(comparison).toMatchObject({
      old: { label: 'contract.json', kind: 'file' },
      new: { label: 'demo', kind: 'connection' },
      stale: false,
    });
    expect(comparison!.changes).toEqual([
      {
        severity: 'breaking',
        rule: 'tool-removed',
        pointer: '/tools/retired-tool',
        sentence: 'Tool "retired-tool" is gone: clients that use it fail.',
      },
    ]);

    await expect(
      app.commands.contract.compareContractWithFile(file('session.json', '{"format":"mcp-lens-session","version":2}')),
    ).resolves.toBe(false);
    expect(app.contract.getState().error).toBe(
      'session.json is not a contract snapshot (no "format": "mcp-lens-contract"). Write one with "Save contract snapshot" (or mcp-lens snapshot).',
    );
    // The comparison before stays on screen under the error.
    expect(app.contract.getState().comparison).toBe(comparison);
    await expect(app.commands.contract.compareContractWithFile(file('broken.json', '{"format": "mcp-lens-contract", '))).resolves.toBe(
      false,
    );
    expect(app.contract.getState().error).toMatch(/^broken\.json is not JSON \(/);

    // Connecting again marks the comparison as taken from the session before.
    await app.commands.connection.connect();
    expect(app.contract.getState().comparison?.stale).toBe(true);
  });

  it('compares two open connections, the other one the baseline, and either way round', async () => {
    const production = await connected('legacy', 'production');
    const staging = await connected('modern', 'staging');
    const peer = { name: 'production', takeContractSnapshot: production.app.commands.contract.takeContractSnapshot };
    await expect(staging.app.commands.contract.compareContractWithConnection(peer)).resolves.toBe(true);
    const { comparison } = staging.app.contract.getState();
    expect(comparison).toMatchObject({ old: { label: 'production', kind: 'connection' }, new: { label: 'staging' } });
    // The demo offers deploy-preview only in 2026-07-28: new to production's clients, then gone for them.
    expect(comparison!.changes).toContainEqual(
      expect.objectContaining({ severity: 'safe', rule: 'tool-added', pointer: '/tools/deploy-preview' }),
    );
    expect(comparison!.changes.filter((change) => change.severity === 'breaking')).toEqual([]);
    await staging.app.commands.contract.swapContractSides();
    expect(staging.app.contract.getState().comparison).toMatchObject({ old: { label: 'staging' }, new: { label: 'production' } });
    expect(staging.app.contract.getState().comparison!.changes).toContainEqual(
      expect.objectContaining({ severity: 'breaking', rule: 'tool-removed', pointer: '/tools/deploy-preview' }),
    );
    // What each side listed is a real snapshot of its era.
    expect(readSnapshot(JSON.stringify(comparison!.old.snapshot)).era).toBe('legacy');
    expect(comparison!.new.snapshot.era).toBe('modern');

    // A peer that is gone is named in the error.
    await production.app.commands.connection.disconnect();
    await expect(staging.app.commands.contract.compareContractWithConnection(peer)).resolves.toBe(false);
    expect(staging.app.contract.getState().error).toBe('production: its contract could not be listed: Not connected: connect first.');
  });
});
