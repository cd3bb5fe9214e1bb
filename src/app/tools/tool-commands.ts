/** Running a tool: the call, the record of its result that a saved session file carries, and its history. */
import type { EngineClient } from '../../bridge/index.ts';
import { asEngineError, type EngineError } from '../../shared/errors.ts';
import type { ToolCallOutcome, ToolCallParams } from '../../shared/model.ts';
import type { AppEffects } from '../effects.ts';
import type { Stores } from '../stores.ts';

export function toolCommands(client: EngineClient, stores: Stores, effects: Pick<AppEffects, 'now'>) {
  /**
   * Calls the tool; the result, or the error, is kept with the session (the latest MAX_RESULTS) and in the
   * connected server's call history, with how long it took.
   */
  async function runTool(params: ToolCallParams, signal?: AbortSignal, job?: string): Promise<ToolCallOutcome> {
    const record = stores.sessionFile.getState().actions.recordResult;
    const { summary, input } = stores.connection.getState();
    const server = summary?.url ?? input.url;
    const time = effects.now();
    const recorded = { time, tool: params.name, arguments: params.arguments };
    const remember = (result: { outcome: ToolCallOutcome } | { error: EngineError }) => {
      record({ ...recorded, ...result });
      stores.history.getState().actions.record(server, { ...recorded, durationMs: effects.now() - time, ...result });
    };
    try {
      const outcome = await client.call('callTool', params, signal, job);
      remember({ outcome });
      return outcome;
    } catch (error) {
      remember({ error: asEngineError(error) });
      throw error;
    }
  }

  /** Runs a call again (from the history or a saved request) with the timeouts the Tools tab uses. */
  function rerunTool(call: { tool: string; arguments: Record<string, unknown> }, signal?: AbortSignal): Promise<ToolCallOutcome> {
    const { toolTimeoutMs, toolMaxTotalTimeoutMs } = stores.prefs.getState();
    return runTool(
      { name: call.tool, arguments: call.arguments, timeoutMs: toolTimeoutMs, maxTotalTimeoutMs: toolMaxTotalTimeoutMs },
      signal,
    );
  }

  return { runTool, rerunTool };
}
