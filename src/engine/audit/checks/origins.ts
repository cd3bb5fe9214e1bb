/**
 * dns-rebinding-protection and cors: who the server lets in. Both need the command line's probe (a page may
 * set neither Host nor Origin, nor read a preflight's answer); in the browser they say so.
 */
import { paramHeaderNames } from '../../../shared/cors.ts';
import { isLoopbackHost } from '../../../shared/url.ts';
import type { AuditCheck } from '../check.ts';
import { notApplicable, outcomeOf } from '../judge/findings.ts';
import { judgeCors, judgeDnsRebinding, type CorsNeeds } from '../judge/origins.ts';
import { initializeRequest, LEGACY_VERSION, modernRequest, probe, probeLine, rpcPost } from '../probed.ts';

const EVIL_HOST = 'evil.example.com';

export const dnsRebindingProtection: AuditCheck = {
  id: 'dns-rebinding-protection',
  title: 'A local server refuses a foreign Host or Origin',
  sections: { legacy: 'basic/transports#security-warning', modern: 'basic/transports/streamable-http#security-%26-endpoint' },
  sideEffects: false,
  http: 'unrestricted',
  suite: {
    scenario: 'dns-rebinding-protection',
    differs: 'The suite fails any server that is not on localhost; MCP Lens says the check does not apply to a remote server.',
  },
  async run(ctx) {
    const url = new URL(ctx.url);
    if (!isLoopbackHost(url.hostname))
      return notApplicable(`DNS rebinding is an attack on servers on this machine; ${url.hostname} is not loopback.`);
    const first = (host: string) => {
      const headers = { Host: host, Origin: `http://${host}` };
      return ctx.era === 'modern' ? modernRequest(1, 'server/discover', {}, headers) : initializeRequest(1, headers);
    };
    const forged = await probe(ctx, `Host and Origin ${EVIL_HOST}`, first(EVIL_HOST));
    const local = await probe(ctx, `Host and Origin ${url.host}`, first(url.host));
    const sessionId = local.response?.headers['mcp-session-id'];
    const followUp =
      ctx.era === 'legacy' && local.response && local.response.status < 300
        ? await probe(
            ctx,
            'initialized, local Host',
            rpcPost(
              { method: 'notifications/initialized' },
              {
                Host: url.host,
                Origin: `http://${url.host}`,
                'MCP-Protocol-Version': LEGACY_VERSION,
                ...(sessionId !== undefined && { 'Mcp-Session-Id': sessionId }),
              },
            ),
          )
        : undefined;
    if (sessionId !== undefined)
      await probe(ctx, 'end the probe session', {
        method: 'DELETE',
        headers: { 'Mcp-Session-Id': sessionId, 'MCP-Protocol-Version': LEGACY_VERSION },
      });
    const lines = [forged, local, ...(followUp ? [followUp] : [])].map(probeLine);
    return outcomeOf(judgeDnsRebinding(forged, local, followUp), lines);
  },
};

/** The page a browser client runs on: MCP Lens's own local address (npx mcp-lens, npm start). */
const PAGE_ORIGIN = 'http://127.0.0.1:5173';

export const cors: AuditCheck = {
  id: 'cors',
  title: "A browser page may send this era's headers",
  sections: { legacy: 'basic/transports#streamable-http', modern: 'basic/transports/streamable-http#standard-request-headers' },
  sideEffects: false,
  http: 'unrestricted',
  async run(ctx) {
    const tools = ctx.capabilities.tools === undefined ? [] : (await ctx.listing('tools')).items;
    const needs: CorsNeeds =
      ctx.era === 'modern'
        ? {
            origin: PAGE_ORIGIN,
            requestHeaders: ['Content-Type', 'MCP-Protocol-Version', 'Mcp-Method', 'Mcp-Name', ...paramHeaderNames(tools)],
            methods: [],
            exposeHeaders: [],
          }
        : {
            origin: PAGE_ORIGIN,
            requestHeaders: ['Content-Type', 'MCP-Protocol-Version', 'Mcp-Session-Id'],
            methods: ['DELETE'],
            exposeHeaders: ['Mcp-Session-Id'],
          };
    const preflight = await probe(ctx, `preflight from ${PAGE_ORIGIN}`, {
      method: 'OPTIONS',
      headers: {
        Origin: PAGE_ORIGIN,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': needs.requestHeaders.join(',').toLowerCase(),
      },
    });
    const request =
      ctx.era === 'modern'
        ? modernRequest(1, 'server/discover', {}, { Origin: PAGE_ORIGIN })
        : initializeRequest(1, { Origin: PAGE_ORIGIN });
    const post = await probe(ctx, `${ctx.era === 'modern' ? 'server/discover' : 'initialize'} from ${PAGE_ORIGIN}`, request);
    const sessionId = post.response?.headers['mcp-session-id'];
    if (sessionId !== undefined)
      await probe(ctx, 'end the probe session', {
        method: 'DELETE',
        headers: { 'Mcp-Session-Id': sessionId, 'MCP-Protocol-Version': LEGACY_VERSION },
      });
    const lines = [probeLine(preflight), probeLine(post)];
    const { findings, notApplicable: why } = judgeCors(preflight, post, needs);
    return why !== undefined ? notApplicable(why, lines) : outcomeOf(findings, lines);
  },
};
