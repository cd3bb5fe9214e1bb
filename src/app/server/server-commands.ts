/**
 * Live-session actions beyond connecting: answering a server's request for a person, the roots offered,
 * resource subscriptions, task actions, and the CORS doctor on request.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { EngineClient } from '../../bridge/index.ts';
import { mcpKeys } from '../../queries/index.ts';
import type { Root, ServerRequestAnswer } from '../../shared/client-features.ts';
import { paramHeaderNames, type CorsDiagnosis } from '../../shared/cors.ts';
import type { TaskInfo, TaskPayload } from '../../shared/tasks.ts';
import type { Stores } from '../stores.ts';

export function serverCommands(client: EngineClient, stores: Stores, queryClient: QueryClient) {
  return {
    /** Sends the person's answer to a pending sampling, elicitation or roots request. */
    answerServerRequest: (id: string, answer: ServerRequestAnswer) => client.call('answerServerRequest', { id, answer }),

    /** Offers these roots; a live 2025 session is told with notifications/roots/list_changed. */
    async setRoots(roots: Root[]): Promise<{ notified: boolean }> {
      const result = await client.call('setRoots', { roots });
      stores.clientFeatures.getState().actions.setRoots(roots);
      return result;
    },

    async setResourceSubscription(uri: string, subscribe: boolean, signal?: AbortSignal, job?: string): Promise<void> {
      await client.call(subscribe ? 'subscribeResource' : 'unsubscribeResource', { uri }, signal, job);
      stores.serverLog.getState().actions.setSubscribed(uri, subscribe);
    },

    /**
     * The CORS doctor for `url`: which request headers its CORS setup must allow, including the header
     * names the user typed and the Mcp-Param-* headers of the tools listed so far. Names only, never values.
     */
    /** tasks/cancel; the Tasks tab's list is asked again either way, to show where the task now stands. */
    async cancelTask(taskId: string, signal?: AbortSignal, job?: string): Promise<TaskInfo> {
      try {
        return await client.call('cancelTask', { taskId }, signal, job);
      } finally {
        void queryClient.invalidateQueries({ queryKey: mcpKeys.tasks(stores.connection.getState().connectionKey) });
      }
    },

    taskResult: (taskId: string, signal?: AbortSignal, job?: string): Promise<TaskPayload> =>
      client.call('taskResult', { taskId }, signal, job),

    checkCors(url: string, signal?: AbortSignal): Promise<CorsDiagnosis> {
      const { input, connectionKey } = stores.connection.getState();
      const tools = queryClient.getQueryData<{ tools?: unknown }>(mcpKeys.tools(connectionKey))?.tools;
      const headerNames = input.headers.map((header) => header.name.trim()).filter((name) => name !== '');
      return client.call('checkCors', { url, headerNames, paramHeaders: paramHeaderNames(tools) }, signal);
    },
  };
}
