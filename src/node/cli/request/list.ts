/**
 * `mcp-lens list [tools|resources|prompts|templates] <server URL>`: one listing, every page of it (as far as
 * the engine's bounds, which say where they stopped), printed whole. Without a kind, the tools: what
 * `npx mcp-lens list <url>` always listed.
 */
import { SEE_HELP, UsageError } from '../../command/framework.ts';
import { serverUrl } from '../../command/options.ts';
import { askOnce, REQUEST_OPTIONS, requestCommand, type Answer, type Asking } from './one-request.ts';
import { promptLine, resourceLine, templateLine, toolLine } from './text.ts';

/** Each kind: the capability that offers it, and the request that lists it, as an answer. */
const KINDS: Record<string, { capability: string; list(asking: Asking): Promise<Answer> }> = {
  tools: {
    capability: 'tools',
    async list({ run }) {
      const listed = await run.attempt('listTools', undefined);
      return listed.ok ? { json: listed.value, text: listed.value.tools.map(toolLine) } : { error: listed, what: 'tools/list' };
    },
  },
  resources: {
    capability: 'resources',
    async list({ run }) {
      const listed = await run.attempt('listResources', undefined);
      return listed.ok ? { json: listed.value, text: listed.value.resources.map(resourceLine) } : { error: listed, what: 'resources/list' };
    },
  },
  templates: {
    capability: 'resources',
    async list({ run }) {
      const listed = await run.attempt('listResourceTemplates', undefined);
      return listed.ok
        ? { json: listed.value, text: listed.value.templates.map(templateLine) }
        : { error: listed, what: 'resources/templates/list' };
    },
  },
  prompts: {
    capability: 'prompts',
    async list({ run }) {
      const listed = await run.attempt('listPrompts', undefined);
      return listed.ok ? { json: listed.value, text: listed.value.prompts.map(promptLine) } : { error: listed, what: 'prompts/list' };
    },
  },
};

/** What a kind's list holds when the server does not offer it: an empty one, as the listing would. */
const EMPTY: Record<string, unknown> = {
  tools: { tools: [], pages: 0 },
  resources: { resources: [], pages: 0, skipped: 0 },
  templates: { templates: [], pages: 0, skipped: 0 },
  prompts: { prompts: [], pages: 0, skipped: 0 },
};

const KIND_WORDS = Object.keys(KINDS);

export const runList = requestCommand({
  word: 'list',
  operands: `[${KIND_WORDS.join('|')}] <server URL>`,
  about: `Lists the server's tools (the default), resources, resource templates or prompts, every page, and prints the
whole listing. A server without the capability has an empty list (said on stderr); a listing that stopped
at MCP Lens's bounds says so in "more" (and on stderr).`,
  options: REQUEST_OPTIONS,
  run({ values, positionals }, io) {
    const kindWord = positionals.length > 1 ? positionals[0]! : 'tools';
    const kind = Object.hasOwn(KINDS, kindWord) ? KINDS[kindWord] : undefined;
    if (!kind) throw new UsageError(`list takes ${KIND_WORDS.join(', ')}; got ${JSON.stringify(kindWord)}.\n${SEE_HELP}`);
    const url = serverUrl(positionals.length > 1 ? positionals.slice(1) : positionals);
    return askOnce(values, url, io, async (asking) => {
      if (!asking.server.capabilities[kind.capability]) {
        asking.warn(`${kindWord}: the server offers none (no ${kind.capability} capability)`);
        return { json: EMPTY[kindWord], text: [] };
      }
      const answer = await kind.list(asking);
      const more = 'json' in answer ? (answer.json as { more?: { reason: string } }).more : undefined;
      if (more) asking.warn(`${kindWord}: the listing ${more.reason}; the rest is not listed`);
      return answer;
    });
  },
});
