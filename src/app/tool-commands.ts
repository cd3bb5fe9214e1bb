/** Running a tool: the call, and the record of its result that a saved session file carries. */
import type { EngineClient } from '../bridge/index.ts';
import { asEngineError } from '../shared/errors.ts';
import type { ToolCallOutcome, ToolCallParams } from '../shared/model.ts';
import type { AppEffects } from './effects.ts';
import type { Stores } from './stores.ts';

export function toolCommands(client: EngineClient, stores: Stores, effects: Pick<AppEffects, 'now'>) {
  /** Calls the tool; the result, or the error, is kept with the session (the latest MAX_RESULTS). */
  async function runTool(params: ToolCallParams, signal?: AbortSignal): Promise<ToolCallOutcome> {
    const record = stores.session.getState().actions.recordResult;
    const time = effects.now();
    const recorded = { time, tool: params.name, arguments: params.arguments };
    try {
      const outcome = await client.call('callTool', params, signal);
      record({ ...recorded, outcome });
      return outcome;
    } catch (error) {
      record({ ...recorded, error: asEngineError(error) });
      throw error;
    }
  }
  return { runTool };
}
