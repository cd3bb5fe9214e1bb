/**
 * http-header-validation and server-stateless (2026-07-28): the transport's rules a well-behaved client never
 * tests, because it never breaks them, sent as raw probes. Nothing runs on the server: a tool is named only
 * when it is annotated read-only, and only in requests the server must refuse, or with no required argument.
 */
import { isRecord } from '../../../shared/read.ts';
import type { AuditCheck } from '../check.ts';
import { note, outcomeOf } from '../judge/findings.ts';
import { judgeHeaderCases, judgeStateless, type HeaderCase } from '../judge/modern-http.ts';
import { MODERN_META, MODERN_VERSION, modernRequest, probe, probeLine, rpcPost, type Probed } from '../probed.ts';
import { toolRisk } from '../../../shared/tool-hints.ts';
import type { ProbeRequest } from '../probe.ts';

const NOT_2025 = 'The 2025 era has no Mcp-Method or Mcp-Name headers and no per-request _meta; they are new in MCP 2026-07-28.';

/** A tools/list request whose headers are exactly `headers` beside the protocol version. */
const listWith = (id: number, headers: Record<string, string>): ProbeRequest =>
  rpcPost({ id, method: 'tools/list', params: { _meta: MODERN_META } }, { 'MCP-Protocol-Version': MODERN_VERSION, ...headers });

/** A tool that is safe to name: annotated read-only, and callable with no arguments when `callable`. */
function safeTool(tools: readonly unknown[], callable: boolean): string | undefined {
  for (const tool of tools) {
    if (!isRecord(tool) || typeof tool.name !== 'string') continue;
    if (toolRisk({ annotations: isRecord(tool.annotations) ? tool.annotations : undefined }).level !== 'read-only') continue;
    const required = isRecord(tool.inputSchema) && Array.isArray(tool.inputSchema.required) ? tool.inputSchema.required : [];
    if (!callable || required.length === 0) return tool.name;
  }
  return undefined;
}

export const httpHeaderValidation: AuditCheck = {
  id: 'http-header-validation',
  title: 'Mcp-Method and Mcp-Name must match the body',
  sections: { modern: 'basic/transports/streamable-http#standard-request-headers' },
  notInEra: NOT_2025,
  sideEffects: false,
  http: 'any',
  suite: {
    scenario: 'http-header-validation',
    differs:
      'The suite names the first tool in its tools/call cases and calls it with empty arguments; MCP Lens names only a tool annotated read-only, and calls one only when it needs no argument, else leaves those cases out.',
  },
  async run(ctx) {
    const cases: HeaderCase[] = [];
    const add = async (expect: HeaderCase['expect'], what: string, request: ProbeRequest) =>
      cases.push({ expect, what, probed: await probe(ctx, what, request) });
    let id = 100;
    await add('reject', 'Mcp-Method prompts/list on a tools/list body', listWith(id++, { 'Mcp-Method': 'prompts/list' }));
    await add('reject', 'no Mcp-Method on a tools/list body', listWith(id++, {}));
    await add('accept', 'the header name in lower case (mcp-method)', listWith(id++, { 'mcp-method': 'tools/list' }));
    await add('accept', 'the header name in upper case (MCP-METHOD)', listWith(id++, { 'MCP-METHOD': 'tools/list' }));
    await add('reject', 'Mcp-Method TOOLS/LIST (values are case-sensitive)', listWith(id++, { 'Mcp-Method': 'TOOLS/LIST' }));
    const tools = ctx.capabilities.tools === undefined ? [] : (await ctx.listing('tools')).items;
    const named = safeTool(tools, false);
    const extra = [];
    if (named !== undefined) {
      const call = (headers: Record<string, string>) => modernRequest(id++, 'tools/call', { name: named, arguments: {} }, headers);
      await add('reject', `Mcp-Name wrong_tool_name on a tools/call of ${named}`, call({ 'Mcp-Name': 'wrong_tool_name' }));
      await add('reject', `no Mcp-Name on a tools/call of ${named}`, call({ 'Mcp-Name': '' }));
      const callable = safeTool(tools, true);
      if (callable !== undefined)
        await add(
          'accept',
          `Mcp-Name with spaces around ${callable}`,
          modernRequest(id++, 'tools/call', { name: callable, arguments: {} }, { 'Mcp-Name': `  ${callable}  ` }),
        );
      else extra.push(note('No read-only tool takes no arguments, so the case of spaces around Mcp-Name (which calls it) was left out.'));
    } else extra.push(note('No tool is annotated read-only, so the Mcp-Name cases (which name a tool) were left out.'));
    return outcomeOf(
      [...judgeHeaderCases(cases), ...extra],
      cases.map((c) => probeLine(c.probed)),
    );
  },
};

/** A version no server implements. */
const UNSUPPORTED_VERSION = 'v999.0.0';
const REMOVED_METHODS = ['initialize', 'ping', 'logging/setLevel', 'resources/subscribe', 'resources/unsubscribe'];

export const serverStateless: AuditCheck = {
  id: 'server-stateless',
  title: 'Each request stands alone (per-request _meta, versions, removed methods)',
  sections: { modern: 'basic/versioning#protocol-version-negotiation' },
  notInEra: NOT_2025,
  sideEffects: false,
  http: 'any',
  suite: {
    scenario: 'server-stateless',
    differs:
      "The suite also calls its fixture's diagnostic tools (test_missing_capability, test_streaming_elicitation, test_logging_tool), failing any server without them, and watches subscriptions/listen for list changes; MCP Lens checks the generic rules only.",
  },
  async run(ctx) {
    const meta = MODERN_META;
    const discover = (id: number, params: Record<string, unknown>, headers: Record<string, string> = {}) =>
      rpcPost(
        { id, method: 'server/discover', params },
        { 'MCP-Protocol-Version': MODERN_VERSION, 'Mcp-Method': 'server/discover', ...headers },
      );
    const without = (key: string) => Object.fromEntries(Object.entries(meta).filter(([k]) => k !== key));
    const invalidMeta: Probed[] = [
      await probe(ctx, 'server/discover without _meta', discover(101, {})),
      await probe(
        ctx,
        'server/discover without protocolVersion in _meta',
        discover(102, { _meta: without('io.modelcontextprotocol/protocolVersion') }),
      ),
      await probe(
        ctx,
        'server/discover without clientCapabilities in _meta',
        discover(104, { _meta: without('io.modelcontextprotocol/clientCapabilities') }),
      ),
    ];
    const noClientInfo = await probe(
      ctx,
      'server/discover without clientInfo',
      discover(105, { _meta: without('io.modelcontextprotocol/clientInfo') }),
    );
    const whole = await probe(ctx, 'server/discover', discover(201, { _meta: meta }));
    const unsupported = await probe(
      ctx,
      `server/discover for version ${UNSUPPORTED_VERSION}`,
      discover(
        301,
        { _meta: { ...meta, 'io.modelcontextprotocol/protocolVersion': UNSUPPORTED_VERSION } },
        { 'MCP-Protocol-Version': UNSUPPORTED_VERSION },
      ),
    );
    const removed: Probed[] = [];
    for (const [index, method] of REMOVED_METHODS.entries())
      removed.push(
        await probe(ctx, method, modernRequest(400 + index, method, method.startsWith('resources/') ? { uri: 'mcp-lens-audit://x' } : {})),
      );
    const all = [...invalidMeta, noClientInfo, whole, unsupported, ...removed];
    return outcomeOf(
      judgeStateless({ invalidMeta, noClientInfo, discover: whole, unsupported, removed }, UNSUPPORTED_VERSION),
      all.map(probeLine),
    );
  },
};
