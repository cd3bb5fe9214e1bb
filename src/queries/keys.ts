/**
 * Query keys: `['mcp', connectionKey, method, ...params]`. The connection key changes on every successful
 * connection, so one session's cached results never answer for another's.
 */
export const mcpKeys = {
  all: ['mcp'] as const,
  connection: (connectionKey: number) => ['mcp', connectionKey] as const,
  tools: (connectionKey: number) => ['mcp', connectionKey, 'tools/list'] as const,
};

/** The list method each `notifications/<feature>/list_changed` makes stale. */
export const LIST_CHANGED: Readonly<Record<string, readonly string[]>> = {
  'notifications/tools/list_changed': ['tools/list'],
  'notifications/resources/list_changed': ['resources/list', 'resources/templates/list'],
  'notifications/prompts/list_changed': ['prompts/list'],
};

/** How a list query treats the engine's cache of lists the server marked fresh (MCP 2026-07-28). */
export type CacheMode = 'use' | 'refresh';
