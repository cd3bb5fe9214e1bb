/** What a request handler needs to queue a server request for the person, described the way the dialogs show it. */
import type { PendingServerRequest } from '../../shared/client-features.ts';
import type { NewServerRequest, ServerRequestQueue } from './request-queue.ts';
import type { RelationTracker } from './request-relations.ts';

/** What a request handler needs to queue a request for the person. */
export interface RequestContext {
  queue: ServerRequestQueue;
  /** The queue entry for a request: kind, server name, related request and task. */
  describe(method: string, rpcId: string | number, params: Record<string, unknown>, kind: PendingServerRequest['kind']): NewServerRequest;
}

const RELATED_TASK_KEY = 'io.modelcontextprotocol/related-task';

export function createRequestContext(
  queue: ServerRequestQueue,
  relations: RelationTracker,
  serverName: () => string,
  toolsAllowed: () => boolean,
): RequestContext {
  return {
    queue,
    describe(method, rpcId, params, kind) {
      const { related, rawParams, taskId: asker } = relations.take(rpcId);
      // Shown as the server sent it; the SDK has already checked the shape of the parsed copy.
      const shown =
        rawParams && rawParams.requestedSchema !== undefined ? { ...params, requestedSchema: rawParams.requestedSchema } : params;
      const meta = params._meta as Record<string, unknown> | undefined;
      const taskId = asker ?? (meta?.[RELATED_TASK_KEY] as { taskId?: unknown } | undefined)?.taskId;
      return {
        rpcId,
        kind,
        method,
        serverName: serverName(),
        params: shown,
        ...(related && { related }),
        ...(typeof taskId === 'string' && { relatedTaskId: taskId.slice(0, 200) }),
        ...(kind === 'sampling' && { toolsAllowed: toolsAllowed() }),
      };
    },
  };
}
