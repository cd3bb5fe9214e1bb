/**
 * The bare SDK client in a Web Worker, for the overhead page: the same calls as on the page, one worker hop
 * away, with none of MCP Lens's engine. What it costs over the page's client is the hop itself.
 */
import { StreamableHTTPClientTransport, type Client } from '@modelcontextprotocol/client';
import { sdkClientLike, WITH_PROGRESS, type ClientIdentity } from '../round-trips.ts';
import type { ProtocolEra } from '../../src/shared/model.ts';

type Ask = { id: number } & (
  | { kind: 'connect'; url: string; era: ProtocolEra; identity: ClientIdentity }
  | { kind: 'call'; params: { name: string; arguments: Record<string, unknown> } }
);

const scope = self as unknown as Worker;
let client: Client | undefined;

scope.addEventListener('message', (event: MessageEvent<Ask>) => {
  const ask = event.data;
  const answer = async () => {
    if (ask.kind === 'connect') {
      client = sdkClientLike(ask.identity, ask.era);
      await client.connect(new StreamableHTTPClientTransport(new URL(ask.url)));
      return undefined;
    }
    if (!client) throw new Error('Connect first.');
    return client.callTool(ask.params, WITH_PROGRESS);
  };
  answer().then(
    (value) => scope.postMessage({ id: ask.id, ok: true, value }),
    (error: unknown) => scope.postMessage({ id: ask.id, ok: false, error: String(error) }),
  );
});
