/**
 * `mcp-lens call <tool> <server URL>`: one tools/call with the arguments given (`--args`, `--arg`), checked
 * against the tool's inputSchema before anything is sent, and judged as the Tools tab judges it (`verdictOf`:
 * well-formed content, structuredContent against the outputSchema, isError). A tool that may be destructive
 * (`toolRisk`, the app's rule) is called only with `--allow-writes`.
 */
import { UNLISTED_TOOL_REASON, toolRisk } from '../../../shared/tool-hints.ts';
import { verdictOf } from '../../../shared/tool-verdict.ts';
import { UsageError } from '../../command/framework.ts';
import { allowWrites, arg, jsonObject } from '../../command/options.ts';
import { listForLine } from '../../terminal-text.ts';
import { argumentProblems, toolArguments } from './arguments.ts';
import { askOnce, REQUEST_OPTIONS, requestCommand, subjectAndUrl } from './one-request.ts';
import { outcomeText } from './text.ts';

const CALL_OPTIONS = {
  args: jsonObject('--args', 'the arguments as one JSON object'),
  arg: arg(
    'one argument (repeatable), over --args; the value is read as the inputSchema types it:\na number, true/false, JSON for an object or array, else text',
  ),
  allowWrites: allowWrites('call the tool even if it may be destructive (toolRisk: not readOnlyHint, destructiveHint\nnot false)'),
  ...REQUEST_OPTIONS,
};

export const runCall = requestCommand({
  word: 'call',
  operands: '<tool> <server URL>',
  about: `Calls one tool and prints its whole result: content, structuredContent, isError, and how MCP Lens judged it
(verdict: ok, tool-error or broken, as in the app's Tools tab). The arguments are checked against the tool's
inputSchema first: arguments that do not fit exit 2 and nothing is called. A result with isError, or one that
breaks the spec or the tool's outputSchema, exits 1.`,
  options: CALL_OPTIONS,
  run({ values, positionals }, io) {
    const { subject: name, url } = subjectAndUrl(positionals, 'tool');
    return askOnce(values, url, io, async ({ run, warn }) => {
      const listed = await run.attempt('listTools', undefined);
      if (!listed.ok) return { error: listed, what: 'tools/list' };
      const tool = listed.value.tools.find((t) => t.name === name);
      if (!tool) {
        const names = listForLine(
          listed.value.tools.map((t) => t.name),
          20,
        );
        if (!values.allowWrites)
          throw new UsageError(
            `call ${name}: the server lists no tool by this name (it lists ${names || 'none'}). ${UNLISTED_TOOL_REASON} Add --allow-writes to call it anyway.`,
          );
        warn(`call ${name}: the server lists no tool by this name; calling it as --allow-writes allows.`);
      }
      const risk = tool && toolRisk(tool);
      if (risk?.asks && !values.allowWrites)
        throw new UsageError(`call ${name}: ${risk.label}. ${risk.reason} Add --allow-writes to call it.`);
      const inputSchema = tool?.inputSchema ?? {};
      const args = toolArguments(inputSchema, values.args, values.arg);
      const problems = tool ? argumentProblems(inputSchema, args) : [];
      if (problems.length > 0)
        throw new UsageError(`call ${name}: the arguments do not fit its inputSchema, so it was not called:\n  ${problems.join('\n  ')}`);
      const called = await run.callTool(name, args, 'call');
      if (!called.ok) return { error: called, what: `tools/call ${name}` };
      const verdict = verdictOf(called.value);
      const failed =
        verdict === 'broken'
          ? `${name}: broken result — ${[...(called.value.contentProblems ?? []), ...(called.value.outputSchemaErrors ?? []).map((e) => `outputSchema: ${e}`)].join('; ')}`
          : verdict === 'tool-error'
            ? `${name}: the tool answered with isError`
            : undefined;
      return { json: { ...called.value, verdict }, text: outcomeText(called.value, verdict), ...(failed !== undefined && { failed }) };
    });
  },
});
