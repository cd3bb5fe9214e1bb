import { McpServer, type CacheHint, type ProtocolEra } from '@modelcontextprotocol/server';

import { registerAppTools } from './app-tools.ts';
import { registerAskTwice } from './ask-twice.ts';
import { registerAskBeforeAnswering } from './ask-before-answering.ts';
import { registerClientFeatureTools } from './client-feature-tools.ts';
import { registerHeaderTools } from './header-tools.ts';
import { icons } from './icons.ts';
import { registerLiveTools } from './live-tools.ts';
import { registerResourcesAndPrompts } from './resources.ts';
import { verifyRequestState } from './rounds.ts';
import { registerSamplingTools } from './sampling-tools.ts';
import { registerSchemaTools } from './schema-tools.ts';
import { registerShowcasePrompts } from './showcase-prompts.ts';
import { registerShowcaseResources } from './showcase-resources.ts';
import { legacySessionScope, type DemoScope } from './state.ts';
import { registerSubscriptions } from './subscriptions.ts';
import { registerTaskTools, TASKS_EXTENSION } from './task-tools.ts';
import { registerShowcaseTools } from './tools.ts';

const DEMO_SERVER_INFO = {
  name: 'mcp-lens-demo',
  title: 'MCP Lens Demo Server',
  version: '1.0.0',
  description: 'A small MCP server that shows off tools, rich results, notifications, resources and prompts.',
  websiteUrl: 'https://modelcontextprotocol.io',
  icons: icons.server,
};

const INSTRUCTIONS = `This is the MCP Lens demo server. It has no real side effects: every tool works on made-up data or on notes it keeps in memory.
Start with "echo", then try "book-meeting" to see a rich form, "get-forecast" for structured output, "draw-lens" and "play-tone" for media, and "long-running-task" for progress and log notifications.
"plan-trip" shows a richer schema ($defs/$ref, nullable, anyOf, a map), "annotated-report" annotated content, "broken-output" a result that breaks its outputSchema; "reset-demo" declares no annotations, so clients should ask before running it.
"toggle-bonus-tool" adds or removes a tool and announces it with notifications/tools/list_changed. "clear-notes" is destructive: it deletes the notes.
"show-sales" is an MCP App: a chart that runs beside its result and refreshes itself through the client.
"ask-every-field", "open-lookalike-url", "show-roots", "sample-with-tools" and "ask-twice" ask the client for input: as server requests on 2025-11-25, as input_required rounds on 2026-07-28.`;

const ERA_NOTES: Record<ProtocolEra, string> = {
  legacy: 'This 2025-11-25 session keeps its own notes and tool list.',
  modern:
    'On 2026-07-28 there are no sessions: the notes and the tool list are shared by every 2026 client of this server. ' +
    '"lookup-order" mirrors its arguments into Mcp-Param-* headers; listen for tool list changes and for updates to demo://live/ticker and demo://notes. ' +
    '"deploy-preview" runs as a task (the tasks extension): it works, asks which environment, and completes; follow it in the Tasks tab.',
};

/** Lists change only when a tool says so (list_changed), and never depend on who asks: cache them a minute. */
const LIST_CACHE: CacheHint = { ttlMs: 60_000, cacheScope: 'public' };

/**
 * Builds the demo server for one 2025 session (the default) or for one 2026-07-28 request. The same
 * definitions serve both eras; `scope` says where the state lives and how changes are announced.
 */
export function createDemoMcpServer(scope: DemoScope = legacySessionScope()): McpServer {
  const server = new McpServer(DEMO_SERVER_INFO, {
    instructions: `${INSTRUCTIONS}\n${ERA_NOTES[scope.era]}`,
    // The tasks extension is offered in server/discover where it is served: on 2026-07-28 requests.
    capabilities: { logging: {}, ...(scope.tasks && { extensions: { [TASKS_EXTENSION]: {} } }) },
    cacheHints: {
      'server/discover': LIST_CACHE,
      'tools/list': LIST_CACHE,
      'prompts/list': LIST_CACHE,
      'resources/list': LIST_CACHE,
      'resources/templates/list': LIST_CACHE,
    },
    requestState: { verify: verifyRequestState },
  });
  registerShowcaseTools(server);
  registerSchemaTools(server);
  registerLiveTools(server, scope);
  registerResourcesAndPrompts(server, scope.state);
  registerShowcaseResources(server);
  registerShowcasePrompts(server);
  registerSubscriptions(server, scope);
  registerClientFeatureTools(server, scope.era);
  registerSamplingTools(server, scope.era);
  registerAskTwice(server);
  registerAskBeforeAnswering(server);
  registerAppTools(server);
  registerHeaderTools(server, scope.era);
  if (scope.tasks) registerTaskTools(server, scope.tasks);
  return server;
}
