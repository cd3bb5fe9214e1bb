/**
 * `mcp-lens prompt <name> <server URL>`: one prompts/get with the arguments given (`--arg`, `--args`), checked
 * against the names the prompt declares (and its required ones) before anything is sent.
 */
import { UsageError } from '../../command/framework.ts';
import { arg, jsonObject } from '../../command/options.ts';
import { listForLine } from '../../terminal-text.ts';
import { promptArguments } from './arguments.ts';
import { askOnce, REQUEST_OPTIONS, requestCommand, subjectAndUrl } from './one-request.ts';
import { promptText } from './text.ts';

const PROMPT_OPTIONS = {
  args: jsonObject('--args', 'the arguments as one JSON object of strings'),
  arg: arg('one argument (repeatable), over --args; prompt arguments are text'),
  ...REQUEST_OPTIONS,
};

export const runPrompt = requestCommand({
  word: 'prompt',
  operands: '<name> <server URL>',
  about: `Gets one prompt and prints its messages. The arguments are checked against the ones the prompt declares:
an unknown name or a missing required one exits 2 and nothing is asked.`,
  options: PROMPT_OPTIONS,
  run({ values, positionals }, io) {
    const { subject: name, url } = subjectAndUrl(positionals, 'prompt');
    return askOnce(values, url, io, async ({ run, server, warn }) => {
      if (!server.capabilities.prompts) throw new UsageError(`prompt ${name}: the server offers no prompts (no prompts capability).`);
      const listed = await run.attempt('listPrompts', undefined);
      if (!listed.ok) return { error: listed, what: 'prompts/list' };
      const prompt = listed.value.prompts.find((p) => p.name === name);
      if (!prompt) {
        const names = listForLine(
          listed.value.prompts.map((p) => p.name),
          20,
        );
        throw new UsageError(`prompt ${name}: the server lists no prompt by this name (it lists ${names || 'none'}).`);
      }
      const got = await run.attempt('getPrompt', { name, arguments: promptArguments(prompt, values.args, values.arg) });
      if (!got.ok) return { error: got, what: `prompts/get ${name}` };
      for (const problem of got.value.problems) warn(`${name}: ${problem}`);
      return { json: got.value, text: promptText(got.value) };
    });
  },
});
