/**
 * server-sse-multiple-streams (SEP-1699): three requests sent at once, each on its own POST, as a client with
 * several calls in flight does. In the 2025 era they share a session the probe opens (and ends); in
 * 2026-07-28 each stands alone. They ask only for a list, so nothing runs on the server.
 */
import { profileOf } from '../../../shared/era-profile.ts';
import type { AuditCheck, AuditContext } from '../check.ts';
import { outcomeOf } from '../judge/findings.ts';
import { judgeConcurrentPosts } from '../judge/streams.ts';
import { initializeRequest, LEGACY_VERSION, modernRequest, probe, probeLine, rpcPost, type Probed } from '../probed.ts';

const CONCURRENT = 3;

/** A 2025 session of the probe's own, initialized; undefined when the server keeps none. */
async function openSession(ctx: AuditContext, lines: Probed[]): Promise<Record<string, string>> {
  const init = await probe(ctx, 'initialize', initializeRequest(1));
  lines.push(init);
  const id = init.response?.headers['mcp-session-id'];
  const headers = { 'MCP-Protocol-Version': LEGACY_VERSION, ...(id !== undefined && { 'Mcp-Session-Id': id }) };
  lines.push(await probe(ctx, 'initialized', rpcPost({ method: 'notifications/initialized' }, headers)));
  return headers;
}

export const serverSseMultipleStreams: AuditCheck = {
  id: 'server-sse-multiple-streams',
  title: 'Several requests at once, each on its own POST',
  sections: {
    legacy: 'basic/transports#multiple-connections',
    modern: 'basic/transports/streamable-http#message-flow',
  },
  sideEffects: false,
  http: 'any',
  suite: { scenario: 'server-sse-multiple-streams' },
  async run(ctx) {
    const setup: Probed[] = [];
    const { sessions: legacy, ping } = profileOf(ctx.era);
    const session = legacy ? await openSession(ctx, setup) : {};
    // tools/list as the suite sends; a server without tools answers a method it always has.
    const method = ctx.capabilities.tools !== undefined ? 'tools/list' : ping ? 'ping' : 'server/discover';
    const request = (index: number) =>
      legacy ? rpcPost({ id: 1000 + index, method, params: {} }, session) : modernRequest(1000 + index, method, {});
    const posts = await Promise.all(
      Array.from({ length: CONCURRENT }, (_, index) => probe(ctx, `${method} #${index + 1} of ${CONCURRENT} at once`, request(index))),
    );
    if (session['Mcp-Session-Id'] !== undefined)
      setup.push(await probe(ctx, 'end the probe session', { method: 'DELETE', headers: session }));
    return outcomeOf(judgeConcurrentPosts(posts), [...setup, ...posts].map(probeLine));
  },
};
