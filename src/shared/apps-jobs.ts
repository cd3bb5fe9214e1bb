import type { ToolCallOutcome, ToolCallParams } from './model.ts';
import type { ResourceReadResult } from './resources-api.ts';

/** An MCP App's jobs in the jobs registry (src/app/calls.ts): its requests through the host. */
export interface AppsJobs {
  /** An MCP App's tools/call through the host, marked in the log as the app's. */
  'app-tool': { params: ToolCallParams & { viaApp: string }; result: ToolCallOutcome };
  /** An MCP App's resources/read through the host, marked in the log as the app's. */
  'app-read': { params: { uri: string; viaApp: string }; result: ResourceReadResult };
}

/**
 * The mark on an MCP App's request, in the log (`MessageOrigin`, tagged `feature: 'apps'`): `id` is the `ui://`
 * URI of the app that asked MCP Lens to send it; `job`, the registry's job that carried it ('app-tool', 'app-read').
 */
export interface AppOrigin {
  id: string;
  job?: string;
}
