/**
 * Demo mode's export side door (issue 25, class 9): the rule lives in the commands, so the palette, a
 * shortcut or a menu refuse as the buttons do, and say why where demo mode shows it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { engineOverChannel } from '../../test/support/engine-channel.ts';
import { nodeEffects } from '../../test/support/node-effects.ts';
import { DEMO_EXPORT_REFUSAL } from './export-rule.ts';
import { createLensApp, type LensApp } from '../lens-app.ts';

let engine: ReturnType<typeof engineOverChannel>;
let app: LensApp;
let downloads: Array<{ fileName: string; content: Blob }>;

function start(demo: boolean) {
  engine = engineOverChannel();
  downloads = [];
  app = createLensApp({
    client: engine.client,
    effects: nodeEffects(downloads),
    opened: { url: 'http://127.0.0.1:1/mcp', tab: null, tool: null, connect: false, demo },
    redirectUrl: 'http://127.0.0.1/oauth-callback.html',
  });
}

afterEach(() => {
  app.dispose();
  engine.close();
});

const refusals = () => {
  const { ids, byId } = app.log.getState();
  return ids.toArray().filter((id) => {
    const item = byId.get(id);
    return item?.type === 'note' && item.text === DEMO_EXPORT_REFUSAL;
  }).length;
};

describe("demo mode's export side door", () => {
  it('refuses every file export in the command while demo mode is on, and says why', async () => {
    start(true);
    await app.commands.sessionFile.saveSessionFile();
    await app.commands.log.exportLog('all');
    await app.commands.log.exportLog('shown');
    app.commands.log.exportHar([]);
    expect(downloads).toEqual([]);
    expect(refusals()).toBe(4);
  });

  it('exports as before once demo mode is off', async () => {
    start(true);
    app.prefs.getState().actions.setDemo(false);
    await app.commands.sessionFile.saveSessionFile();
    await app.commands.log.exportLog('all');
    app.commands.log.exportHar([]);
    expect(downloads.map((d) => d.fileName)).toEqual([
      expect.stringMatching(/\.mcplens\.json$/),
      expect.stringMatching(/\.jsonl$/),
      expect.stringMatching(/\.har$/),
    ]);
    expect(refusals()).toBe(0);
  });
});
