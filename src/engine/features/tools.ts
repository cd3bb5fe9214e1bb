/** tools/list and tools/call, for the Tools tab. */
import type { ToolsApi } from '../../shared/boundary.ts';
import type { Tool } from '../../shared/model.ts';
import type { FeatureContext, Handlers } from '../feature-context.ts';
import type { Session } from '../session.ts';
import { callTool, listAllTools } from './tools-calls.ts';

const TOOL_TIMEOUT_MS = 60_000;
const TOOL_MAX_TOTAL_TIMEOUT_MS = 10 * 60_000;

export function toolHandlers(ctx: FeatureContext): Handlers<ToolsApi> {
  // The last listing of each session: callTool validates structuredContent against its outputSchema.
  const toolsBySession = new WeakMap<Session, Map<string, Tool>>();
  return {
    async listTools(_params, signal) {
      const session = ctx.requireSession();
      const list = await listAllTools(session.client, { ...(signal && { signal }), note: (text) => ctx.note('warning', text) });
      toolsBySession.set(session, new Map(list.tools.map((tool) => [tool.name, tool])));
      return list;
    },
    async callTool(params, signal) {
      const session = ctx.requireSession();
      const outputSchema = toolsBySession.get(session)?.get(params.name)?.outputSchema;
      return callTool(session.client, params, {
        ...(signal && { signal }),
        ...(outputSchema && { outputSchema }),
        timeoutMs: TOOL_TIMEOUT_MS,
        maxTotalTimeoutMs: TOOL_MAX_TOTAL_TIMEOUT_MS,
        now: ctx.now,
      });
    },
  };
}
