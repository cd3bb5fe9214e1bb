/** How the server says no: unknown-method, unknown-tool, resource-not-found. None of them runs anything. */
import type { AuditCheck } from '../check.ts';
import { exchangeLine } from '../judge/answer.ts';
import { judgeResourceNotFound, judgeUnknownMethod, judgeUnknownTool } from '../judge/error-answers.ts';
import { outcomeOf } from '../judge/findings.ts';
import { isRecord } from '../../../shared/read.ts';

/** A method no revision defines; the prefix keeps it out of any namespace MCP could claim. */
const UNKNOWN_METHOD = 'mcp-lens/audit-no-such-method';
const UNKNOWN_TOOL = 'mcp-lens-audit-no-such-tool';
/** A scheme nobody serves, so no resource template of the server should match it. */
const MISSING_RESOURCE_URI = 'mcp-lens-audit://no-such-resource';

export const unknownMethod: AuditCheck = {
  id: 'unknown-method',
  title: 'An unknown method gets -32601',
  sections: { legacy: 'basic#error-responses', modern: 'basic/transports/streamable-http#protocol-version-header' },
  sideEffects: false,
  async run(ctx) {
    const exchange = await ctx.send(UNKNOWN_METHOD, {});
    return outcomeOf(judgeUnknownMethod(exchange, ctx.era), [exchangeLine(exchange)]);
  },
};

export const unknownTool: AuditCheck = {
  id: 'unknown-tool',
  title: 'Calling an unknown tool is a protocol error',
  sections: { legacy: 'server/tools#error-handling', modern: 'server/tools#error-handling' },
  needs: 'tools',
  // The tool does not exist, so nothing runs: the name is checked against the listing first.
  sideEffects: false,
  async run(ctx) {
    const listing = await ctx.listing('tools');
    const names = new Set(listing.items.map((tool) => (isRecord(tool) ? tool.name : undefined)));
    let name = UNKNOWN_TOOL;
    while (names.has(name)) name = `${name}-x`;
    const exchange = await ctx.send('tools/call', { name, arguments: {} });
    return outcomeOf(judgeUnknownTool(exchange), [exchangeLine(exchange)]);
  },
};

export const resourceNotFound: AuditCheck = {
  id: 'resource-not-found',
  title: 'Reading a missing resource is an error',
  sections: { legacy: 'server/resources#error-handling', modern: 'server/resources#error-handling' },
  needs: 'resources',
  sideEffects: false,
  suite: {
    scenario: 'sep-2164-resource-not-found',
    differs:
      'The suite warns when the code is not -32602; MCP 2026-07-28 says MUST, so MCP Lens fails it. In the 2025 era the suite does not run; MCP Lens accepts -32002 or -32602.',
  },
  async run(ctx) {
    const exchange = await ctx.send('resources/read', { uri: MISSING_RESOURCE_URI });
    return outcomeOf(judgeResourceNotFound(exchange, MISSING_RESOURCE_URI, ctx.era), [exchangeLine(exchange)]);
  },
};
