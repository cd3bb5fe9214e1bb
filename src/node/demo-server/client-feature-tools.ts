import { randomUUID } from 'node:crypto';

import {
  inputRequired,
  inputResponse,
  UrlElicitationRequiredError,
  type CallToolResult,
  type McpServer,
  type ProtocolEra,
  type ServerContext,
} from '@modelcontextprotocol/server';
import * as z from 'zod';

import { EVERY_FIELD_SCHEMA } from './client-feature-schemas.ts';
import { icons } from './icons.ts';
import { mintState, roundOf, runRounds, stateOf, summary, type Round, type RoundResult } from './rounds.ts';
import { plural } from '../../shared/read.ts';

/**
 * Tools that turn the tables: the server asks the client (and so the person at MCP Lens) for things — a
 * form with every field type, two forms at once, a URL to a look-alike host, the client's roots, and a
 * question that times out. Sampling lives in sampling-tools.ts, the two-round flows in ask-twice.ts.
 *
 * Most handlers are written once for both eras: they return `inputRequired(...)`, which a 2026-07-28
 * client fulfils and retries, and which the SDK's shim turns into server→client requests on a 2025
 * session. Only the timeout and the -32042 error differ by era, because those ideas differ by era.
 */
export function registerClientFeatureTools(server: McpServer, era: ProtocolEra): void {
  server.registerTool(
    'ask-every-field',
    {
      title: 'Ask for every field type',
      icons: icons.prompt,
      description:
        'Asks for a form (elicitation) with every field type of the spec (strings with formats, numbers, boolean, single and multi-select enums), each with a default.',
      inputSchema: z.object({}),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (_args, ctx) => {
      const { responses } = roundOf(ctx);
      const answer = inputResponse(responses, 'answer');
      if (answer.kind !== 'elicit') {
        return inputRequired({
          inputRequests: {
            answer: inputRequired.elicit({
              mode: 'form',
              message: 'Tell the demo server about yourself.',
              requestedSchema: EVERY_FIELD_SCHEMA,
            }),
          },
        });
      }
      return summary(`Elicitation answered: ${answer.action}`, responses.answer);
    },
  );

  server.registerTool(
    'open-lookalike-url',
    {
      title: 'URL elicitation to a look-alike host',
      icons: icons.link,
      description:
        'Asks the client to open a URL (URL-mode elicitation) whose host is punycode (xn--), so the client should warn before anyone opens it.',
      inputSchema: z.object({ url: z.string().default('https://xn--pypal-4ve.com/login?next=%2Faccount').describe('The URL to send') }),
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    ({ url }, ctx) => {
      const { responses } = roundOf(ctx);
      const answer = inputResponse(responses, 'visit');
      if (answer.kind !== 'elicit')
        return inputRequired({ inputRequests: { visit: inputRequired.elicitUrl({ message: 'Sign in to continue.', url }) } });
      return summary(`URL elicitation answered: ${answer.action}`, responses.visit);
    },
  );

  server.registerTool(
    'ask-two-at-once',
    {
      title: 'Two questions at once',
      icons: icons.prompt,
      description: 'Asks two form questions in the same round, so the client has to queue them. Returns both answers.',
      inputSchema: z.object({}),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (_args, ctx) => {
      const { responses } = roundOf(ctx);
      if (inputResponse(responses, 'first').kind === 'elicit' && inputResponse(responses, 'second').kind === 'elicit') {
        return summary('Both answered.', { first: responses.first, second: responses.second });
      }
      const ask = (message: string, key: string) =>
        inputRequired.elicit({
          mode: 'form',
          message,
          requestedSchema: { type: 'object', properties: { [key]: { type: 'string', title: key } } },
        });
      return inputRequired({
        inputRequests: { first: ask('First question: your team?', 'team'), second: ask('Second question: your city?', 'city') },
      });
    },
  );

  server.registerTool(
    'show-roots',
    {
      title: 'Show my roots',
      icons: icons.doc,
      description: 'Asks the client for its roots (roots/list) and lists them: the folders the client lets this server see.',
      inputSchema: z.object({}),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (_args, ctx) => {
      const answer = inputResponse(roundOf(ctx).responses, 'roots');
      if (answer.kind !== 'roots') return inputRequired({ inputRequests: { roots: inputRequired.listRoots() } });
      // Roots come from the client: show a bounded number, as text.
      const shown = answer.roots
        .slice(0, MAX_ROOTS_SHOWN)
        .map((root) => ({ uri: String(root.uri).slice(0, 500), name: root.name?.slice(0, 200) }));
      const lines = shown.map((root) => `- ${root.uri}${root.name ? ` (${root.name})` : ''}`);
      const count = answer.roots.length;
      return summary(count === 0 ? 'The client shares no roots.' : `The client shares ${plural(count, 'root')}:\n${lines.join('\n')}`, {
        roots: shown,
      });
    },
  );

  server.registerTool(
    'ask-with-timeout',
    {
      title: 'A question that times out',
      icons: icons.progress,
      description:
        'Asks a question and gives up after a few seconds. On a 2025 session the server cancels its request (notifications/cancelled); ' +
        'on 2026-07-28 the deadline rides in requestState and a late answer is refused when the client retries.',
      inputSchema: z.object({ seconds: z.number().min(1).max(60).default(2).describe('How long to wait for an answer') }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ seconds }, ctx) => {
      try {
        return await runRounds(era, ctx, (round) => timedQuestion(seconds, round), { timeout: seconds * 1000 });
      } catch (error) {
        return summary(`No answer: ${(error as Error).message}`, {}, true);
      }
    },
  );

  server.registerTool(
    'needs-authorization',
    {
      title: 'Needs a browser step (-32042)',
      icons: icons.link,
      description:
        'On a 2025 session: fails with -32042 (URL elicitation required) until the elicitation completes, which the server announces with ' +
        'notifications/elicitation/complete after a second; a retry then succeeds. On 2026-07-28: asks for the browser step as an input_required URL elicitation.',
      inputSchema: z.object({}),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    era === 'modern' ? authorizeInRounds : authorizeWithError(server),
  );
}

const MAX_ROOTS_SHOWN = 50;
const TIMED = 'ask-with-timeout';

async function timedQuestion(seconds: number, round: Round): Promise<RoundResult> {
  const asked = stateOf(round, TIMED, z.object({ deadline: z.number() }));
  const answer = inputResponse(round.responses, 'answer');
  if (!asked || answer.kind !== 'elicit') {
    return inputRequired({
      inputRequests: {
        answer: inputRequired.elicit({
          mode: 'form',
          message: `Answer within ${seconds} s.`,
          requestedSchema: { type: 'object', properties: { answer: { type: 'string' } } },
        }),
      },
      requestState: await mintState(TIMED, { deadline: Date.now() + seconds * 1000 }),
    });
  }
  const lateMs = Date.now() - asked.deadline;
  if (lateMs > 0) return summary(`No answer: it came ${(lateMs / 1000).toFixed(1)} s after the ${seconds} s deadline.`, {}, true);
  return summary('Answered in time.', round.responses.answer);
}

const AUTHORIZE_URL = 'https://auth.example.com/authorize?client=mcp-lens-demo';
const AUTHORIZE_MESSAGE = 'Authorize the demo server with example.com.';

/** 2026-07-28: the browser step is just another question; the retry says how it went. */
function authorizeInRounds(_args: unknown, ctx: ServerContext): RoundResult {
  const answer = inputResponse(roundOf(ctx).responses, 'authorize');
  if (answer.kind !== 'elicit')
    return inputRequired({ inputRequests: { authorize: inputRequired.elicitUrl({ message: AUTHORIZE_MESSAGE, url: AUTHORIZE_URL }) } });
  if (answer.action !== 'accept') return summary(`Not authorized: the browser step was answered with "${answer.action}".`, {}, true);
  return { content: [{ type: 'text', text: 'Authorized: the browser step was completed, so this call succeeds.' }] };
}

/**
 * 2025: the first call fails with -32042 and the elicitation "completes" a second later; a retry then works.
 * The state is per session, kept on this closure: a 2025 session has one long-lived server.
 */
function authorizeWithError(server: McpServer): () => CallToolResult {
  const completed = new Set<string>();
  let pendingId: string | undefined;
  return () => {
    if (pendingId && completed.has(pendingId))
      return { content: [{ type: 'text', text: 'Authorized: the browser step was completed, so this call succeeds.' }] };
    if (!pendingId) {
      const id = randomUUID();
      pendingId = id;
      const notify = server.server.createElicitationCompletionNotifier(id);
      setTimeout(() => {
        completed.add(id);
        void notify().catch(() => undefined);
      }, 1000).unref();
    }
    throw new UrlElicitationRequiredError(
      [{ mode: 'url', elicitationId: pendingId, url: AUTHORIZE_URL, message: AUTHORIZE_MESSAGE }],
      'This tool needs you to authorize it in the browser first.',
    );
  };
}
