/**
 * The Playground's conversation on one connection (loaded with its first use, see commands.ts): a message runs
 * the conversation loop (loop.ts), whose model steps are the engine's `modelTurn` and whose tool calls are
 * `runTool`, the Tools tab's own command (same timeouts, same history, same Message log). Each message is a
 * `conversation` job of the jobs registry (src/app/calls.ts), which holds what stops it and keeps two from
 * overlapping. The history the model sees is kept here, not in the store: the store holds what the person sees.
 */
import type { EngineClient } from '../../bridge/index.ts';
import type { Tool, ToolCallOutcome, ToolCallParams } from '../../shared/model.ts';
import type { ChatMessage, ChatTool } from '../../shared/playground.ts';
import type { AppEffects } from '../effects.ts';
import type { Stores } from '../stores.ts';
import { playgroundCallId } from '../../state/index.ts';
import { promptContext, resourceContext, withContext } from './context.ts';
import { converse, type ConfirmAnswer, type LoopDeps } from './loop.ts';
import { snapshotConversation } from './saved.ts';

export function playgroundConversation(
  client: EngineClient,
  stores: Pick<Stores, 'playground' | 'prefs'>,
  effects: Pick<AppEffects, 'now'>,
  runTool: (params: ToolCallParams, signal?: AbortSignal, job?: string) => Promise<ToolCallOutcome>,
) {
  let history: ChatMessage[] = [];
  let answer: ((choice: ConfirmAnswer) => void) | undefined;
  let counter = 0;
  const playground = () => stores.playground.getState();

  const nextId = (prefix: string) => `${prefix}-${effects.now().toString(36)}-${++counter}`;
  const deps = (tools: readonly ChatTool[]): LoopDeps => ({
    now: effects.now,
    nextId,
    modelTurn: (messages, turnId, signal) =>
      client.call(
        'modelTurn',
        { turnId, provider: playground().provider, messages: withContext(messages, playground().context), tools: [...tools] },
        signal,
      ),
    runTool(name, args, signal, itemId) {
      const { toolTimeoutMs, toolMaxTotalTimeoutMs } = stores.prefs.getState();
      // The item's request in the Message log carries this id as its origin: how the card finds its line.
      const params = { name, arguments: args, timeoutMs: toolTimeoutMs, maxTotalTimeoutMs: toolMaxTotalTimeoutMs };
      return runTool(params, signal, playgroundCallId(itemId));
    },
    asksFirst: () => stores.prefs.getState().confirmDestructive,
    confirm: (ask, signal) =>
      new Promise<ConfirmAnswer>((resolve, reject) => {
        const onAbort = () => {
          answer = undefined;
          playground().actions.ask(null);
          reject(signal.reason);
        };
        signal.addEventListener('abort', onAbort, { once: true });
        answer = (choice) => {
          signal.removeEventListener('abort', onAbort);
          answer = undefined;
          playground().actions.ask(null);
          resolve(choice);
        };
        playground().actions.ask(ask);
      }),
    allowed: () => playground().allowed,
    allow: (tool) => playground().actions.allow(tool),
    add: (item) => playground().actions.add(item),
    update: (id, change) => playground().actions.update(id, change),
  });

  return {
    /**
     * Runs the person's message until the model answers without a tool call, `signal` aborts, or a step
     * fails. `tools` are the server's tools as listed (the Tools tab's list). The `conversation` job's sender.
     */
    async converse(text: string, tools: readonly Tool[], signal: AbortSignal): Promise<void> {
      const offered = tools
        .filter((tool) => !tool.excluded)
        .map((tool): ChatTool => ({
          name: tool.name,
          ...(tool.description && { description: tool.description }),
          inputSchema: tool.inputSchema,
        }));
      await converse(history, text, tools, deps(offered), signal, (messages) => (history = messages));
    },
    /** The person's answer to "Run this tool?" while the model waits. */
    answerPlaygroundConfirm(choice: ConfirmAnswer): void {
      answer?.(choice);
    },
    /**
     * A new conversation (its running message already stopped by the caller): forgets its history, its
     * context and the tools allowed in it. The one that ended stays in the session (the session file keeps it).
     */
    restart(): void {
      history = [];
      playground().actions.restart(snapshotConversation(playground(), effects.now()));
    },
    /** Attaches a prompt (`prompts/get`, in the Message log like any request) as context for the model. */
    async attachPlaygroundPrompt(name: string, args: Record<string, string>): Promise<void> {
      const result = await client.call('getPrompt', { name, arguments: args });
      playground().actions.attach({ id: nextId('context'), ...promptContext(name, args, result) });
    },
    /** Attaches a resource (`resources/read`, in the Message log like any request) as context for the model. */
    async attachPlaygroundResource(uri: string): Promise<void> {
      const result = await client.call('readResource', { uri });
      playground().actions.attach({ id: nextId('context'), ...resourceContext(uri, result) });
    },
  };
}
