import { setTimeout as sleep } from 'node:timers/promises';

import type { McpServer, RegisteredTool } from '@modelcontextprotocol/server';
import * as z from 'zod';

import { icons } from './icons.ts';

/** What one session's tools remember between calls. Each session has its own. */
export interface SessionState {
  notes: string[];
  bonusTool: RegisteredTool | undefined;
}

export const MAX_NOTES = 50;

/**
 * Tools whose point is what happens while or after they run: notifications
 * during the call, a tool list that changes, state that a destructive tool wipes.
 */
export function registerLiveTools(server: McpServer, state: SessionState): void {
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
      if (state.bonusTool) {
        state.bonusTool.remove();
        state.bonusTool = undefined;
        return { content: [{ type: 'text', text: 'Removed "roll-dice". The tool list changed.' }] };
      }
      state.bonusTool = registerDiceTool(server);
      return { content: [{ type: 'text', text: 'Added "roll-dice". The tool list changed.' }] };
    },
  );

  server.registerTool(
    'add-note',
    {
      title: 'Add a note',
      description: `Appends a note to this session's notes (the demo://notes resource, at most ${MAX_NOTES}).`,
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
      return { content: [{ type: 'text', text: `Saved note ${state.notes.length}.` }] };
    },
  );

  server.registerTool(
    'clear-notes',
    {
      title: 'Delete all notes',
      description: "Permanently deletes every note in this session. Clients should ask before running it.",
      icons: icons.trash,
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    () => {
      const count = state.notes.length;
      state.notes.length = 0;
      return { content: [{ type: 'text', text: `Deleted ${count} note${count === 1 ? '' : 's'}.` }] };
    },
  );
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
