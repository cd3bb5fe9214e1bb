import { setTimeout as sleep } from 'node:timers/promises';

import type { McpServer, RegisteredTool } from '@modelcontextprotocol/server';
import * as z from 'zod';

import { icons } from './icons.ts';
import type { DemoScope } from './state.ts';
import { plural } from '../../shared/read.ts';

const MAX_NOTES = 50;
export const NOTES_URI = 'demo://notes';

/**
 * Tools whose point is what happens while or after they run: notifications
 * during the call, a tool list that changes, state that a destructive tool wipes.
 */
export function registerLiveTools(server: McpServer, scope: DemoScope): void {
  const { state, listeners } = scope;
  let dice: RegisteredTool | undefined;
  server.registerTool(
    'long-running-task',
    {
      title: 'Long-running task',
      description:
        'Works through a number of steps, sending a log message (notifications/message) at each ' +
        'step and, when the request carries a progressToken, progress notifications. Honours ' +
        'cancellation.',
      icons: icons.progress,
      inputSchema: z.object({
        steps: z.int().min(1).max(20).default(5).describe('How many steps to run'),
        stepMs: z.int().min(50).max(3000).default(400).describe('Time per step in milliseconds'),
      }),
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    async ({ steps, stepMs }, ctx) => {
      const progressToken = ctx.mcpReq._meta?.progressToken;
      const logger = 'long-running-task';
      const started = Date.now();
      await ctx.mcpReq.log('debug', { event: 'start', steps, stepMs, progressToken: progressToken ?? null }, logger);
      for (let step = 1; step <= steps; step++) {
        await sleep(stepMs, undefined, { signal: ctx.mcpReq.signal });
        const level = step === Math.ceil(steps / 2) && steps > 2 ? 'warning' : 'info';
        const text = level === 'warning' ? `Halfway there (step ${step} of ${steps}).` : `Finished step ${step} of ${steps}.`;
        await ctx.mcpReq.log(level, text, logger);
        if (progressToken !== undefined) {
          await ctx.mcpReq.notify({
            method: 'notifications/progress',
            params: { progressToken, progress: step, total: steps, message: text },
          });
        }
      }
      const elapsed = Date.now() - started;
      await ctx.mcpReq.log('notice', { event: 'done', elapsedMs: elapsed }, logger);
      return { content: [{ type: 'text', text: `Completed ${steps} steps in ${elapsed} ms.` }] };
    },
  );

  server.registerTool(
    'toggle-bonus-tool',
    {
      title: 'Add or remove a tool',
      description:
        'Adds the "roll-dice" tool if it is missing and removes it if it is there. Either way the ' +
        'server sends notifications/tools/list_changed, so the client should fetch the list again.',
      icons: icons.toggle,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    () => {
      state.bonusTool = !state.bonusTool;
      if (listeners) {
        // A 2026-07-28 request: this server instance ends with the request, and the next one is built
        // from the flipped state, so the only thing left to do is to tell the listen streams.
        listeners.toolsChanged();
      } else if (dice) {
        // A 2025 session: the SDK announces the change on the session's streams itself.
        dice.remove();
        dice = undefined;
      } else {
        dice = registerDiceTool(server);
      }
      return { content: [{ type: 'text', text: `${state.bonusTool ? 'Added' : 'Removed'} "roll-dice". The tool list changed.` }] };
    },
  );

  server.registerTool(
    'add-note',
    {
      title: 'Add a note',
      description: `Appends a note to the notes (the ${NOTES_URI} resource, at most ${MAX_NOTES}).`,
      icons: icons.note,
      inputSchema: z.object({
        text: z.string().min(1).max(500).describe('The note'),
      }),
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    ({ text }) => {
      if (state.notes.length >= MAX_NOTES) {
        return {
          isError: true,
          content: [{ type: 'text', text: `There are already ${MAX_NOTES} notes. Run clear-notes first.` }],
        };
      }
      state.notes.push(text);
      listeners?.resourceUpdated(NOTES_URI);
      return { content: [{ type: 'text', text: `Saved note ${state.notes.length}.` }] };
    },
  );

  server.registerTool(
    'clear-notes',
    {
      title: 'Delete all notes',
      description: 'Permanently deletes every note. Clients should ask before running it.',
      icons: icons.trash,
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    () => {
      const count = state.notes.length;
      state.notes.length = 0;
      listeners?.resourceUpdated(NOTES_URI);
      return { content: [{ type: 'text', text: `Deleted ${plural(count, 'note')}.` }] };
    },
  );

  // Only a 2026-07-28 request's server can start with the bonus tool: it is built from the shared 2026 state.
  if (state.bonusTool) dice = registerDiceTool(server);
}

function registerDiceTool(server: McpServer): RegisteredTool {
  return server.registerTool(
    'roll-dice',
    {
      title: 'Roll dice',
      description: 'A tool that only exists after toggle-bonus-tool added it. Rolls some dice.',
      icons: icons.dice,
      inputSchema: z.object({
        dice: z.int().min(1).max(10).default(2).describe('How many dice'),
        sides: z.int().min(2).max(100).default(6).describe('Sides per die'),
      }),
      annotations: { readOnlyHint: true, idempotentHint: false, openWorldHint: false },
    },
    ({ dice, sides }) => {
      const rolls = Array.from({ length: dice }, () => 1 + Math.floor(Math.random() * sides));
      const total = rolls.reduce((a, b) => a + b, 0);
      return { content: [{ type: 'text', text: `Rolled ${rolls.join(' + ')} = ${total}` }] };
    },
  );
}
