/**
 * One planted secret, sent every way a person sends credentials (headers under any name, a key in the
 * server URL), and then looked for in everything MCP Lens shows or exports: the app link, the message log,
 * the HTTP view, HAR, the session file, errors and CORS probes. It must appear in none of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type RunningDemoServer } from '../node/demo-server/index.ts';
import { appLink } from '../ui/auth/app-link.ts';
import { redactUrl } from '../shared/redact.ts';
import { sessionFileParts, type SavedLogItem } from '../shared/session-file/session-file.ts';
import { toHar } from '../state/http-har.ts';
import { createHarness } from './engine-harness.ts';

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
});
