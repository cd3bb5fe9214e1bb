/**
 * Every query key, in one shape: `['mcp', connectionKey, method, ...params]`. The connection
 * key changes on every successful connection, so one session's cached results never answer for another's;
 * `forgetSession` and `list_changed` invalidation find them by that prefix and the method at index 2.
 * Icons are the one exception: shared across sessions, keyed by their source alone.
 */
export const mcpKeys = {
  all: ['mcp'] as const,
  connection: (connectionKey: number) => ['mcp', connectionKey] as const,
  tools: (connectionKey: number) => ['mcp', connectionKey, 'tools/list'] as const,
  resources: (connectionKey: number) => ['mcp', connectionKey, 'resources/list'] as const,
  templates: (connectionKey: number) => ['mcp', connectionKey, 'resources/templates/list'] as const,
  read: (connectionKey: number, uri: string) => ['mcp', connectionKey, 'resources/read', uri] as const,
  prompts: (connectionKey: number) => ['mcp', connectionKey, 'prompts/list'] as const,
  tasks: (connectionKey: number) => ['mcp', connectionKey, 'tasks/list'] as const,
  completion: (connectionKey: number, ...shape: readonly unknown[]) => ['mcp', connectionKey, 'completion/complete', ...shape] as const,
  icon: (src: string) => ['icon', src] as const,
};

/** The list method each `notifications/<feature>/list_changed` makes stale. */
export const LIST_CHANGED: Readonly<Record<string, readonly string[]>> = {
  'notifications/tools/list_changed': ['tools/list'],
  'notifications/resources/list_changed': ['resources/list', 'resources/templates/list'],
  'notifications/prompts/list_changed': ['prompts/list'],
};

/** How a list query treats the engine's cache of lists the server marked fresh (MCP 2026-07-28). */
export type CacheMode = 'use' | 'refresh';
