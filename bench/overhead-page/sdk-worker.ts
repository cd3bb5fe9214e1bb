/**
 * The bare SDK client in a Web Worker, for the overhead page: the same calls as on the page, one worker hop
 * away, with none of MCP Lens's engine. What it costs over the page's client is the hop itself.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { ProtocolEra } from '../../src/shared/model.ts';

type Ask = { id: number } & (
  { kind: 'connect'; url: string; era: ProtocolEra } | { kind: 'call'; params: { name: string; arguments: Record<string, unknown> } }
);

const scope = self as unknown as Worker;
let client: Client | undefined;

scope.addEventListener('message', (event: MessageEvent<Ask>) => {
  const ask = event.data;
  const answer = async () => {
    if (ask.kind === 'connect') {
      client = new Client(
        { name: 'bench', version: '1.0.0' },
        { versionNegotiation: { mode: ask.era === 'modern' ? { pin: '2026-07-28' } : 'legacy' } },
      );
      await client.connect(new StreamableHTTPClientTransport(new URL(ask.url)));
      return undefined;
    }
    if (!client) throw new Error('Connect first.');
    return client.callTool(ask.params);
  };
  answer().then(
    (value) => scope.postMessage({ id: ask.id, ok: true, value }),
    (error: unknown) => scope.postMessage({ id: ask.id, ok: false, error: String(error) }),
  );
});
