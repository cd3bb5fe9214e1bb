/**
 * Calls the tools the person ticked in the Audit tab (`AuditOptions.callTools`), and nothing else: by default
 * an audit only reads. Each ticked tool is called once, with the person's saved arguments or ones built from
 * its inputSchema, and its answer judged (judge/tool-call.ts).
 */
import { isRecord } from '../../../shared/read.ts';
import type { AuditCheck } from '../check.ts';
import { exchangeLine } from '../judge/answer.ts';
import { notApplicable, outcomeOf, quote, warn, type Finding } from '../judge/findings.ts';
import { judgeToolCall } from '../judge/tool-call.ts';
import { sampleArguments } from '../../features/sample-arguments.ts';

/** Enough to try a server's tools by hand; more ticks than this are a mistake, and each call takes time. */
const MAX_TOOL_CALLS = 20;

export const toolCalls: AuditCheck = {
  id: 'tool-calls',
  title: 'The tools you ticked answer well-formed results',
  sections: { legacy: 'server/tools#calling-tools', modern: 'server/tools#calling-tools' },
  needs: 'tools',
  // Only the tools the person ticked are called; the tick is the opt-in (the Audit tab confirms destructive ones).
  sideEffects: false,
  async run(ctx) {
    const ticked = (ctx.options.callTools ?? []).filter((call) => isRecord(call) && typeof call.name === 'string');
    if (ticked.length === 0)
      return notApplicable(
        'No tool was named to be called: an audit only reads unless you name tools to call (tick them in the Audit tab, or --call <tool> on the command line).',
      );
    const listing = await ctx.listing('tools');
    const tools = new Map(
      listing.items.flatMap((tool) => (isRecord(tool) && typeof tool.name === 'string' ? [[tool.name, tool] as const] : [])),
    );
    const findings: Finding[] = [];
    const context: string[] = [];
    for (const call of ticked.slice(0, MAX_TOOL_CALLS)) {
      const tool = tools.get(call.name);
      if (!tool) {
        findings.push(warn(`${quote(call.name)} was ticked but the server no longer lists it; it was not called.`));
        continue;
      }
      const built = !isRecord(call.arguments);
      let args = call.arguments;
      if (built) {
        // The CLI's generator (sampleArguments): built to the schema's constraints and checked against it first.
        const sampled = sampleArguments(isRecord(tool.inputSchema) ? tool.inputSchema : {});
        if (!sampled.ok) {
          findings.push(
            warn(
              `${quote(call.name)} was not called: no arguments fit its inputSchema (${sampled.reason}). Give them (saved arguments in the Audit tab, --call ${call.name}={…} in the CLI).`,
            ),
          );
          continue;
        }
        args = sampled.arguments;
      }
      const exchange = await ctx.send('tools/call', { name: call.name, arguments: args });
      context.push(`${exchangeLine(exchange)}${built ? ' (arguments built from its inputSchema)' : ' (your saved arguments)'}`);
      findings.push(...judgeToolCall(call.name, exchange, tool.outputSchema));
    }
    if (ticked.length > MAX_TOOL_CALLS) findings.push(warn(`Only the first ${MAX_TOOL_CALLS} ticked tools were called.`));
    return outcomeOf(findings, context);
  },
};
