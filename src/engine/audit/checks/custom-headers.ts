/**
 * http-custom-header-server-validation (2026-07-28, SEP-2243): a tool's arguments marked `x-mcp-header` travel
 * also as `Mcp-Param-<Name>` headers, and the server must check each against the body: Base64 in
 * `=?base64?…?=` decoded (bad padding or characters refused), any other value taken literally, and a header
 * missing while the body has the value refused, each refusal HTTP 400 with -32020. The accepted cases run the
 * tool, so only a tool annotated read-only is used; the values are the suite's.
 */
import { isRecord } from '../../../shared/read.ts';
import type { AuditCheck } from '../check.ts';
import { notApplicable, outcomeOf } from '../judge/findings.ts';
import { judgeHeaderCases, type HeaderCase } from '../judge/modern-http.ts';
import { toolRisk } from '../../../shared/tool-hints.ts';
import { modernRequest, probe, probeLine } from '../probed.ts';

interface HeaderTool {
  name: string;
  /** The string argument mirrored into a header, and the header's suffix. */
  param: string;
  suffix: string;
  /** The other required arguments, filled as the suite does, and the headers they carry. */
  base: Record<string, unknown>;
  baseHeaders: Record<string, string>;
}

const headerOf = (schema: unknown): unknown => (isRecord(schema) ? schema['x-mcp-header'] : undefined);

/** The first tool annotated read-only with a string argument marked x-mcp-header; `skipped` counts the others. */
function findHeaderTool(tools: readonly unknown[]): { tool?: HeaderTool; skipped: number } {
  let skipped = 0;
  for (const tool of tools) {
    if (!isRecord(tool) || typeof tool.name !== 'string' || !isRecord(tool.inputSchema)) continue;
    const properties = isRecord(tool.inputSchema.properties) ? tool.inputSchema.properties : {};
    const marked = Object.entries(properties).find(([, s]) => typeof headerOf(s) === 'string' && isRecord(s) && s.type === 'string');
    if (!marked) continue;
    if (toolRisk({ annotations: isRecord(tool.annotations) ? tool.annotations : undefined }).level !== 'read-only') {
      skipped += 1;
      continue;
    }
    const required = Array.isArray(tool.inputSchema.required) ? tool.inputSchema.required.filter((r) => typeof r === 'string') : [];
    const base: Record<string, unknown> = {};
    const baseHeaders: Record<string, string> = {};
    for (const name of required) {
      if (name === marked[0]) continue;
      const schema = properties[name];
      const type = isRecord(schema) ? schema.type : undefined;
      base[name] = type === 'number' || type === 'integer' ? 0 : type === 'boolean' ? false : 'test-default';
      const suffix = headerOf(schema);
      if (typeof suffix === 'string') baseHeaders[`Mcp-Param-${suffix}`] = String(base[name]);
    }
    return { tool: { name: tool.name, param: marked[0], suffix: headerOf(marked[1]) as string, base, baseHeaders }, skipped };
  }
  return { skipped };
}

const HELLO_BASE64 = 'SGVsbG8=';

export const httpCustomHeaderServerValidation: AuditCheck = {
  id: 'http-custom-header-server-validation',
  title: 'Mcp-Param-* headers must match the arguments',
  sections: { modern: 'basic/transports/streamable-http#custom-headers-from-tool-parameters' },
  notInEra: 'The 2025 era has no x-mcp-header and no Mcp-Param-* headers; they are new in MCP 2026-07-28.',
  needs: 'tools',
  sideEffects: false,
  http: 'any',
  suite: {
    scenario: 'http-custom-header-server-validation',
    differs: 'The suite calls the first tool with an x-mcp-header argument whatever it does; MCP Lens calls only one annotated read-only.',
  },
  async run(ctx) {
    const { tool, skipped } = findHeaderTool((await ctx.listing('tools')).items);
    if (!tool)
      return notApplicable(
        skipped > 0
          ? `${skipped} tool(s) mirror a string argument into a header, but none is annotated read-only, and the accepted cases would run it: call it from the Tools tab to see its headers.`
          : 'No tool marks a string argument with x-mcp-header, so there is no Mcp-Param-* header to check.',
      );
    const cases: HeaderCase[] = [];
    let id = 200;
    const add = async (expect: HeaderCase['expect'], what: string, value: string, header: string | undefined) => {
      const headers = { ...tool.baseHeaders, ...(header !== undefined ? { [`Mcp-Param-${tool.suffix}`]: header } : {}) };
      const request = modernRequest(id++, 'tools/call', { name: tool.name, arguments: { ...tool.base, [tool.param]: value } }, headers);
      cases.push({ expect, what, probed: await probe(ctx, what, request) });
    };
    const named = `Mcp-Param-${tool.suffix} on ${tool.name}`;
    await add('accept', `${named}: valid Base64 of "Hello"`, 'Hello', `=?base64?${HELLO_BASE64}?=`);
    await add('reject', `${named}: Base64 with bad padding`, 'Hello', '=?base64?SGVsbG8?=');
    await add('reject', `${named}: Base64 with characters outside its alphabet`, 'Hello', '=?base64?SGVs!!!bG8=?=');
    await add('accept', `${named}: a Base64-looking value without the prefix (literal)`, HELLO_BASE64, HELLO_BASE64);
    await add('accept', `${named}: a value without the closing ?= (literal)`, `=?base64?${HELLO_BASE64}`, `=?base64?${HELLO_BASE64}`);
    await add('reject', `${named} missing while the argument is in the body`, 'test-value', undefined);
    return outcomeOf(
      judgeHeaderCases(cases, 'fail'),
      cases.map((c) => probeLine(c.probed)),
    );
  },
};
