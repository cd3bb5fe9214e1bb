/**
 * One planted secret, sent every way a person sends credentials (headers under any name, a key in the
 * server URL), and then looked for in everything MCP Lens shows or exports: the app link, the message log,
 * the HTTP view, HAR, the session file, errors and CORS probes. It must appear in none of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type RunningDemoServer } from '../node/demo-server/index.ts';
import { appLink } from '../ui/auth/app-link.ts';
import { createLensApp } from '../app/lens-app.ts';
import { exportSnippets } from '../app/saved-servers/server-export.ts';
import { maskUrlCredentials, redactUrl } from '../shared/redact.ts';
import { memoryStorage } from './support/test-storage.ts';
import { curlCommand } from '../ui/log/copy-request.ts';
import { hideUrlCredentials } from '../app/presentation/presentation.ts';
import { engineOverChannel } from './support/engine-channel.ts';
import { nodeEffects } from './support/node-effects.ts';
import { sessionFileParts, type SavedLogItem } from '../shared/session-file/session-file.ts';
import { toHar } from '../state/http-har.ts';
import { createHarness } from './support/engine-harness.ts';
import { closeNow, createFakeProvider, listenOnLoopback } from './servers/fake-provider.ts';
import { IDBFactory } from 'fake-indexeddb';

const SECRET = 'planted-7f3a9c1e5b';
/** Header names real APIs use, none of which says "token" or "secret", plus one the person made up. */
const HEADERS = ['X-Goog-Api-Key', 'Ocp-Apim-Subscription-Key', 'X-Functions-Key', 'X-Acme-Tenant-Pass', 'Authorization'].map((name) => ({
  name,
  value: name === 'Authorization' ? `Bearer ${SECRET}` : SECRET,
}));

let demo: RunningDemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0 });
});
afterAll(async () => {
  await demo.close();
});

const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => JSON.stringify(error),
  );

describe('a planted secret', () => {
  it('reaches the server, and no link, log, HTTP view, HAR, session file, error or CORS probe', async () => {
    const probes: string[] = [];
    const sent: string[] = [];
    const h = createHarness({
      fetch: (input, init) => {
        const headers = JSON.stringify([...new Headers(init?.headers).entries()]);
        sent.push(headers);
        if (init?.method === 'OPTIONS' || (typeof init?.body === 'string' && init.body.includes('mcp-lens-cors-probe')))
          probes.push(headers);
        return fetch(input, init);
      },
    });
    const url = `${demo.url}?api_key=${SECRET}&tenant=acme`;
    const summary = await h.engine.call('connect', { url, headers: HEADERS, transport: 'streamable-http', era: 'legacy' });
    await h.engine.call('listTools', undefined);
    await h.engine.call('callTool', { name: 'echo', arguments: { message: 'hi' } });
    const errors = [
      await errorOf(h.engine.call('callTool', { name: 'no-such-tool', arguments: {} })),
      await errorOf(h.engine.call('getPrompt', { name: 'no-such-prompt', arguments: {} })),
    ];
    const cors = await h.engine.call('checkCors', { url, headerNames: HEADERS.map((header) => header.name), paramHeaders: [] });
    await h.engine.call('disconnect', undefined);
    const unreachable = `http://127.0.0.1:9/mcp?api_key=${SECRET}`;
    errors.push(
      await errorOf(h.engine.call('connect', { url: unreachable, headers: HEADERS, transport: 'streamable-http', era: 'legacy' })),
    );

    const messages = h.messages();
    const exchanges = h.exchanges();
    // It was sent: the test would prove nothing if the secret never left.
    expect(sent.join('\n')).toContain(SECRET);

    const items: SavedLogItem[] = [
      ...messages.map((entry): SavedLogItem => ({ id: `m${entry.seq}`, type: 'message', entry })),
      ...h.notes().map((text, index): SavedLogItem => ({ id: `n${index}`, type: 'note', seq: index, time: 0, level: 'info', text })),
    ];
    const file = [
      ...sessionFileParts(
        {
          connection: { url, transport: 'streamable-http', headerNames: HEADERS.map((header) => header.name) },
          server: summary,
          log: { evicted: 0, items },
          http: { evicted: 0, exchanges },
          results: [],
        },
        { savedAt: new Date(), appVersion: 'test' },
      ),
    ].join('');
    // A HAR whose bodies are rebuilt from the log (no wire text) as well as one from the wire.
    const carried = (seq: number) => messages.filter((entry) => entry.httpSeq === seq);
    const har = JSON.stringify(toHar(exchanges, carried));
    const rebuiltHar = JSON.stringify(
      toHar(
        exchanges.map(({ requestBody: _sent, responseBody: _received, ...rest }) => rest),
        carried,
      ),
    );

    const outputs = {
      link: appLink(url),
      // What the Message log and the timeline hold: every message and note.
      log: JSON.stringify(h.events.filter((event) => event.type === 'message' || event.type === 'note')),
      serverPanel: redactUrl(summary.url),
      httpView: JSON.stringify(exchanges),
      har,
      rebuiltHar,
      sessionFile: file,
      errors: errors.join('\n'),
      corsResult: JSON.stringify(cors),
      corsProbes: probes.join('\n'),
    };
    const leaks = Object.entries(outputs).filter(([, text]) => text.includes(SECRET));
    expect(leaks.map(([where]) => where)).toEqual([]);
    // And the masks are there, so the exports still say a value was sent.
    expect(outputs.httpView).toContain('"x-goog-api-key","•••• (');
    expect(outputs.har).toContain('api_key=••••');
    expect(outputs.link).toContain('tenant%3Dacme');
  });

  it('in the server URL is a secret everywhere: saved servers, snippets, Copy as curl, the Link request, demo mode, the session file', async () => {
    // api_key is secret by name; jwt only by the URL rule (looksLikeCredential).
    const url = `${demo.url}?api_key=${SECRET}&jwt=${SECRET}&region=eu`;
    const storage = memoryStorage();
    const engine = engineOverChannel();
    const app = createLensApp({
      client: engine.client,
      effects: nodeEffects([], { prefsStorage: storage }),
      opened: { url, tab: null, tool: null, connect: false, demo: false },
      redirectUrl: 'http://127.0.0.1/oauth-callback.html',
    });
    try {
      const id = app.commands.savedServers.saveCurrentServer('Keyed')!;
      const saved = app.savedServers.getState().servers.find((server) => server.id === id)!;
      const stored = JSON.stringify(storage.data);
      // With the opt-in the value is kept, so the test would notice a store that dropped everything.
      const keptId = app.commands.savedServers.saveCurrentServer('Keyed, kept', [], ['api_key'])!;
      const kept = app.savedServers.getState().servers.find((server) => server.id === keptId)!;
      expect(kept.url).toContain(`api_key=${SECRET}`);
      expect(kept.url).not.toContain(`jwt=${SECRET}`);
      await expect(app.commands.savedServers.connectSaved(id)).resolves.toMatchObject({
        kind: 'needs-values',
        urlParams: ['api_key', 'jwt'],
      });

      const message = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
      const outputs = {
        savedServers: stored,
        snippets: exportSnippets({ ...kept, headerNames: [] })
          .map((snippet) => snippet.text)
          .join('\n'),
        // The exchange is gone (cleared or evicted): rebuilt from the message and the connection's URL.
        copyAsCurl: curlCommand({ message, url }),
        linkRequest: maskUrlCredentials(url),
        demoMode: hideUrlCredentials(url) ?? url,
        sessionFile: [
          ...sessionFileParts(
            {
              connection: { url, transport: 'auto', headerNames: [] },
              server: null,
              log: { evicted: 0, items: [] },
              http: { evicted: 0, exchanges: [] },
              results: [],
            },
            { savedAt: new Date(), appVersion: 'test' },
          ),
        ].join(''),
      };
      const leaks = Object.entries(outputs).filter(([, text]) => text.includes(SECRET));
      expect(leaks.map(([where]) => where)).toEqual([]);
      expect(saved.url).toBe(`${demo.url}?api_key=&jwt=&region=eu`);
      expect(outputs.snippets).toContain('api_key=YOUR_API_KEY');
      expect(outputs.copyAsCurl).toContain('api_key=••••&jwt=••••&region=eu');
    } finally {
      app.dispose();
      engine.close();
    }
  });

  it('as a model provider key reaches the provider only: not the MCP server, the log, HAR, the session file, an export, curl, storage or an error; remembered, only its IndexedDB record', async () => {
    const provider = createFakeProvider();
    const providerUrl = await listenOnLoopback(provider.server);
    const toServer: string[] = [];
    const toProvider: string[] = [];
    const send: typeof fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      const seen = `${url} ${JSON.stringify([...new Headers(init?.headers).entries()])} ${typeof init?.body === 'string' ? init.body : ''}`;
      (url.startsWith(providerUrl) ? toProvider : toServer).push(seen);
      return fetch(input, init);
    };
    const storage = memoryStorage();
    const downloads: Array<{ fileName: string; content: Blob }> = [];
    // "Remember on this device" is ticked: the key's one allowed place on the device is its IndexedDB record.
    const device = new IDBFactory();
    const engine = engineOverChannel(send, { playground: { indexedDB: device } });
    const app = createLensApp({
      client: engine.client,
      effects: nodeEffects(downloads, { prefsStorage: storage }),
      opened: { url: demo.url, tab: null, tool: null, connect: false, demo: false },
      redirectUrl: 'http://127.0.0.1/oauth-callback.html',
    });
    try {
      await app.commands.connection.connect();
      const { tools } = await engine.client.call('listTools', {});
      app.playground.getState().actions.setProvider({ kind: 'openai', baseUrl: `${providerUrl}/openai/v1`, model: 'fake' });
      await app.commands.playground.rememberPlaygroundKey(true);
      await app.commands.playground.setPlaygroundKey(SECRET);
      expect(app.playground.getState().rememberedOrigins).toEqual([providerUrl]);
      const send = (text: string) => app.commands.jobs.settledCall(app.commands.playground.sendPlaygroundMessage(text, tools)!);
      await send('hello');
      // A wrong key the provider echoes back in its error.
      await app.commands.playground.rememberPlaygroundKey(false);
      await app.commands.playground.setPlaygroundKey('sk-bad');
      expect((await send('hello')).error).toMatchObject({ code: 'unauthorized', detail: expect.stringContaining('••••') });
      await app.commands.playground.rememberPlaygroundKey(true);
      await app.commands.playground.setPlaygroundKey(SECRET);
      app.playground.getState().actions.setProvider({ kind: 'anthropic', baseUrl: `${providerUrl}/anthropic/v1` });
      await send('please fail 429');
      // A base URL pointed at the MCP server itself is refused before the key goes anywhere.
      app.playground.getState().actions.setProvider({ kind: 'openai', baseUrl: new URL(demo.url).origin });
      await app.commands.playground.rememberPlaygroundKey(false);
      await app.commands.playground.setPlaygroundKey(SECRET);
      const refusedAtServer = (await send('hello again')).error;

      await app.commands.sessionFile.saveSessionFile();
      await app.commands.log.exportLog('all');
      app.commands.log.exportHar([...app.http.getState().bySeq.keys()]);
      const call = [...app.log.getState().byId.values()].find((item) => item.type === 'message' && item.entry.method === 'tools/call');
      const message = call?.type === 'message' ? call.entry.message : undefined;

      expect(toProvider.join('\n')).toContain(SECRET);
      expect(refusedAtServer).toMatchObject({ code: 'invalid-input', message: expect.stringContaining('not sent there') });
      const outputs = {
        mcpServer: toServer.join('\n'),
        log: JSON.stringify([...app.log.getState().byId.values()]),
        httpView: JSON.stringify([...app.http.getState().bySeq.values()]),
        playground: JSON.stringify(app.playground.getState()),
        downloads: (await Promise.all(downloads.map((file) => file.content.text()))).join('\n'),
        copyAsCurl: curlCommand({ message, url: demo.url }),
        storage: JSON.stringify(storage.data),
      };
      expect(downloads.map((file) => file.fileName)).toHaveLength(3);
      expect(outputs.log).toContain('tools/call');
      const leaks = Object.entries(outputs).filter(([, text]) => text.includes(SECRET) || text.includes('sk-bad'));
      expect(leaks.map(([where]) => where)).toEqual([]);
      // On the device: exactly one record holds it, the provider origin's in the keys database.
      const stored = await readAllDatabases(device);
      expect(stored.filter((record) => record.text.includes(SECRET)).map((record) => record.where)).toEqual([
        `mcp-lens-provider-keys/keys/${providerUrl}`,
      ]);
      expect(stored.some((record) => record.text.includes('sk-bad'))).toBe(false);
    } finally {
      await app.commands.connection.disconnect();
      app.dispose();
      engine.close();
      closeNow(provider.server);
    }
  });
});

/** Every record of every IndexedDB database on the (fake) device, as text, with where it is. */
async function readAllDatabases(device: IDBFactory): Promise<Array<{ where: string; text: string }>> {
  const request = <T>(r: IDBRequest<T>) =>
    new Promise<T>((resolve, reject) => {
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
  const out: Array<{ where: string; text: string }> = [];
  for (const { name } of await device.databases()) {
    if (!name) continue;
    const open = device.open(name);
    const db = await request(open);
    for (const storeName of [...db.objectStoreNames]) {
      const store = db.transaction(storeName, 'readonly').objectStore(storeName);
      const [keys, values] = await Promise.all([request(store.getAllKeys()), request(store.getAll())]);
      keys.forEach((key, index) => out.push({ where: `${name}/${storeName}/${String(key)}`, text: JSON.stringify(values[index]) }));
    }
    db.close();
  }
  return out;
}
