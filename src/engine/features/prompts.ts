/** prompts/list and prompts/get, for the Prompts tab. */
import { boundJson } from '../../shared/bounds.ts';
import type { EngineError } from '../../shared/errors.ts';
import { ownEntries } from '../../shared/own.ts';
import type { ContentBlock } from '../../shared/model.ts';
import type { PromptArgumentInfo, PromptInfo, PromptMessageInfo, PromptsApi } from '../../shared/prompts-api.ts';
import type { FeatureContext, Handlers } from './feature-context.ts';
import { readIcons } from '../session/session.ts';
import { record, str } from '../../shared/read.ts';
import { READ_IDLE_MS, READ_TOTAL_MS, SDK_BACKSTOP_MS, withAnsweringDeadline, type Answering } from './answering-deadline.ts';
import { requestWith } from '../wire/call-marks.ts';
import { listAllPages, rawRequest } from './paginate.ts';

const MAX_ARGUMENTS = 100;
const MAX_ARGUMENT_VALUE = 100_000;
const MAX_MESSAGES = 500;
const KNOWN_CONTENT = new Set(['text', 'image', 'audio', 'resource_link', 'resource']);

function readArgument(value: unknown): PromptArgumentInfo[] {
  const raw = record(value);
  const name = str(raw?.name);
  if (!raw || name === undefined) return [];
  return [
    {
      name,
      ...(str(raw.title) !== undefined && { title: str(raw.title) }),
      ...(str(raw.description) !== undefined && { description: str(raw.description) }),
      required: raw.required === true,
    } as PromptArgumentInfo,
  ];
}

export function readPrompt(value: unknown): PromptInfo | undefined {
  const raw = record(value);
  const name = str(raw?.name);
  if (!raw || name === undefined) return undefined;
  return {
    name,
    ...(str(raw.title) !== undefined && { title: str(raw.title) }),
    ...(str(raw.description) !== undefined && { description: str(raw.description) }),
    icons: readIcons(raw.icons),
    arguments: Array.isArray(raw.arguments) ? raw.arguments.slice(0, MAX_ARGUMENTS).flatMap(readArgument) : [],
  } as PromptInfo;
}

export function readMessages(result: unknown): { description?: string; messages: PromptMessageInfo[]; problems: string[] } {
  const raw = record(result);
  const problems: string[] = [];
  if (!raw || !Array.isArray(raw.messages)) return { messages: [], problems: ['The result has no "messages" array.'] };
  if (raw.messages.length > MAX_MESSAGES)
    problems.push(`The result has ${raw.messages.length} messages; showing the first ${MAX_MESSAGES}.`);
  const messages: PromptMessageInfo[] = [];
  raw.messages.slice(0, MAX_MESSAGES).forEach((item, index) => {
    const message = record(item);
    const content = record(message?.content);
    if (!message || !content || typeof content.type !== 'string') {
      problems.push(`messages[${index}] has no content with a type; shown as JSON.`);
      messages.push({ role: str(message?.role) ?? '(none)', content: { type: '(missing)', value: boundJson(item) } });
      return;
    }
    const role = str(message.role) ?? '(none)';
    if (role !== 'user' && role !== 'assistant')
      problems.push(`messages[${index}] has role ${JSON.stringify(role)}; the spec allows "user" or "assistant".`);
    if (!KNOWN_CONTENT.has(content.type))
      problems.push(`messages[${index}] has content of unknown type ${JSON.stringify(content.type)}; shown as JSON.`);
    messages.push({ role, content: boundJson(content) as ContentBlock });
  });
  const description = str(raw.description);
  return { ...(description !== undefined && { description }), messages, problems };
}

export function promptHandlers(ctx: FeatureContext, answering?: Answering): Handlers<PromptsApi> {
  return {
    async listPrompts(request, signal) {
      const { client, cache } = ctx.requireSession();
      const after = request?.after;
      const load = async () => {
        const page = await listAllPages(client, 'prompts/list', 'prompts', readPrompt, {
          ...(signal && { signal }),
          ...(after !== undefined && { after }),
          note: (text) => ctx.note('warning', text),
        });
        const value = { prompts: page.items, pages: page.pages, skipped: page.skipped, ...(page.more && { more: page.more }) };
        return { value, ...(page.hints && { hints: page.hints }) };
      };
      // "Load more" continues past a bound and is never cached.
      return after !== undefined ? (await load()).value : cache.serve('prompts/list', request, load);
    },
    async getPrompt(params, signal, job) {
      const { client } = ctx.requireSession();
      if (typeof params.name !== 'string' || params.name === '')
        throw { code: 'invalid-input', message: 'Choose a prompt first.' } satisfies EngineError;
      const entries: Array<[string, string]> = [];
      for (const [key, value] of Object.entries(params.arguments ?? {}).slice(0, MAX_ARGUMENTS)) {
        if (typeof value !== 'string') continue;
        if (value.length > MAX_ARGUMENT_VALUE)
          throw {
            code: 'invalid-input',
            message: `The value of "${key}" is longer than ${MAX_ARGUMENT_VALUE} characters.`,
          } satisfies EngineError;
        entries.push([key, value]);
      }
      // Own properties even for an argument named __proto__ (`args[key] = value` would drop it).
      const args = ownEntries(entries);
      const started = ctx.clock.now();
      // The server may ask the person first (elicitation, sampling): the wait for their answer is not its time.
      const limits = { idleMs: READ_IDLE_MS, totalMs: READ_TOTAL_MS, clock: ctx.clock, answering, signal };
      const sent = { name: params.name, arguments: args };
      const result = await withAnsweringDeadline({ method: 'prompts/get', target: params.name, ...limits }, (deadline) =>
        ctx.asJob(job, requestWith('prompts/get', sent), () =>
          rawRequest(client, 'prompts/get', sent, { signal: deadline.signal, timeout: SDK_BACKSTOP_MS }),
        ),
      );
      return { ...readMessages(result), durationMs: ctx.clock.now() - started };
    },
  };
}
