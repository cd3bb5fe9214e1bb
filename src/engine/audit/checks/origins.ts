/**
 * dns-rebinding-protection and cors: who the server lets in. Both send named probes (shared/audit-probe.ts): a
 * page may set neither Host nor Origin, nor read a preflight's answer, so they run from the command line, or
 * through the local relay when the connection goes through one; in a browser without a relay they say so.
 */
import { firstProbeOf, FORGED_HOST } from '../../../shared/audit-probe.ts';
import { profileOf } from '../../../shared/era-profile.ts';
import { paramHeaderNames } from '../../../shared/cors.ts';
import { isLoopbackHost } from '../../../shared/url.ts';
import type { AuditCheck } from '../check.ts';
import { notApplicable, outcomeOf } from '../judge/findings.ts';
import { judgeCors, judgeDnsRebinding, type CorsNeeds } from '../judge/origins.ts';
import { probeLine, probeNamed, throughRelay } from '../probed.ts';

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
    // Through a relay, the server it fronts: the relay's own loopback address says nothing about the server's.
    const url = ctx.http.target;
    if (!isLoopbackHost(url.hostname))
      return throughRelay(ctx, notApplicable(`DNS rebinding is an attack on servers on this machine; ${url.hostname} is not loopback.`));
    const first = firstProbeOf(ctx.era);
    const forged = await probeNamed(ctx, `Host and Origin ${FORGED_HOST}`, { kind: 'forged-host', first });
    const local = await probeNamed(ctx, `Host and Origin ${url.host}`, { kind: 'own-host', first });
    const sessionId = local.response?.headers['mcp-session-id'];
    const followUp =
      profileOf(ctx.era).sessions && local.response && local.response.status < 300
        ? await probeNamed(ctx, 'initialized, local Host', { kind: 'initialized', ...(sessionId !== undefined && { sessionId }) })
        : undefined;
    if (sessionId !== undefined) await probeNamed(ctx, 'end the probe session', { kind: 'end-session', sessionId });
    const lines = [forged, local, ...(followUp ? [followUp] : [])].map(probeLine);
    return throughRelay(ctx, outcomeOf(judgeDnsRebinding(forged, local, followUp), lines));
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
    const needs: CorsNeeds = profileOf(ctx.era).perRequestHeaders
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
    const preflight = await probeNamed(ctx, `preflight from ${PAGE_ORIGIN}`, {
      kind: 'preflight',
      origin: PAGE_ORIGIN,
      requestHeaders: needs.requestHeaders,
    });
    const first = firstProbeOf(ctx.era);
    const post = await probeNamed(ctx, `${profileOf(ctx.era).firstRequest} from ${PAGE_ORIGIN}`, {
      kind: 'page-origin',
      first,
      origin: PAGE_ORIGIN,
    });
    const sessionId = post.response?.headers['mcp-session-id'];
    if (sessionId !== undefined) await probeNamed(ctx, 'end the probe session', { kind: 'end-session', sessionId });
    const lines = [probeLine(preflight), probeLine(post)];
    const { findings, notApplicable: why } = judgeCors(preflight, post, needs);
    return throughRelay(ctx, why !== undefined ? notApplicable(why, lines) : outcomeOf(findings, lines));
  },
};
