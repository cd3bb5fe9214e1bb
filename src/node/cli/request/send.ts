/**
 * `mcp-lens send <method> <server URL> --params '{…}'`: any request, sent the way the app's "Send again" sends
 * one (the engine's resendRequest: the session's headers, the 2026-07-28 envelope and Mcp-Method headers), its
 * result printed as the server sent it. The draft is checked by the app's rules (checkDraft) before
 * connecting; a tools/call of a tool that may be destructive needs --allow-writes, as `call` does.
 */
import { checkDraft } from '../../../shared/resend.ts';
import { toolRisk, UNLISTED_TOOL_REASON } from '../../../shared/tool-hints.ts';
import { UsageError } from '../../command/framework.ts';
import { allowWrites, jsonObject } from '../../command/options.ts';
import { askOnce, REQUEST_OPTIONS, requestCommand, subjectAndUrl } from './one-request.ts';

const SEND_OPTIONS = {
  params: jsonObject('--params', "the request's params as one JSON object (left out: none)"),
  allowWrites: allowWrites('for tools/call: call the tool even if it may be destructive (toolRisk)'),
  ...REQUEST_OPTIONS,
};

export const runSend = requestCommand({
  word: 'send',
  operands: '<method> <server URL>',
  about: `Sends one JSON-RPC request and prints its result as the server sent it (e.g. send ping, send
resources/templates/list, send completion/complete --params '{…}'). The connection's own requests
(initialize, subscriptions/listen) and notifications are not sent by hand. A JSON-RPC error exits 1, with
{"error": {"code", "message"}} on stdout.`,
  options: SEND_OPTIONS,
  run({ values, positionals }, io) {
    const { subject: method, url } = subjectAndUrl(positionals, 'method');
    if (method === 'initialize')
      throw new UsageError('send initialize: the CLI sends initialize itself when it connects; send what comes after.');
    const checked = checkDraft({ method, ...(values.params && { params: values.params }) });
    if (!checked.ok) throw new UsageError(`send ${method}: ${checked.problem}`);
    const { draft } = checked;
    return askOnce(values, url, io, async ({ run }) => {
      if (draft.method === 'tools/call' && !values.allowWrites) {
        const name = draft.params?.name;
        if (typeof name !== 'string') throw new UsageError('send tools/call: give the tool in --params \'{"name": …, "arguments": {…}}\'.');
        const listed = await run.attempt('listTools', undefined);
        if (!listed.ok) return { error: listed, what: 'tools/list' };
        const tool = listed.value.tools.find((t) => t.name === name);
        const risk = tool ? toolRisk(tool) : undefined;
        if (!tool) throw new UsageError(`send tools/call ${name}: ${UNLISTED_TOOL_REASON} Add --allow-writes to call it anyway.`);
        if (risk?.asks) throw new UsageError(`send tools/call ${name}: ${risk.label}. ${risk.reason} Add --allow-writes to call it.`);
      }
      const sent = await run.attempt('resendRequest', { draft, from: { seq: 0 }, edited: false });
      if (!sent.ok) return { error: sent, what: draft.method };
      return { json: sent.value.result, text: [JSON.stringify(sent.value.result, null, 2) ?? 'null'] };
    });
  },
});
