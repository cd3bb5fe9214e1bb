/**
 * The Playground's commands, as the app offers them from the start: the conversation (conversation.ts, with
 * the loop) loads on first use, so the first screen carries none of it. One conversation per connection,
 * made once. A message is a `conversation` job of the jobs registry (src/app/calls.ts): Stop and Restart
 * cancel through it, and the view reads where the message stands from the `calls` store.
 */
import type { EngineClient } from '../../bridge/index.ts';
import type { Tool, ToolCallOutcome, ToolCallParams } from '../../shared/model.ts';
import type { CallKind, CallKinds } from '../../state/calls-store.ts';
import { CONVERSATION } from '../calls.ts';
import type { AppEffects } from '../effects.ts';
import type { Stores } from '../stores.ts';
import type { ConfirmAnswer } from './loop.ts';
import type { playgroundConversation } from './conversation.ts';
import { playgroundKeyCommands } from './key-commands.ts';

type Conversation = ReturnType<typeof playgroundConversation>;

/** The conversation, loaded on first use; `converse` is the sender the jobs registry runs a message with. */
export function playgroundConversationLoader(
  client: EngineClient,
  stores: Pick<Stores, 'playground' | 'prefs'>,
  effects: Pick<AppEffects, 'now'>,
  runTool: (params: ToolCallParams, signal?: AbortSignal, job?: string) => Promise<ToolCallOutcome>,
) {
  let loading: Promise<Conversation> | undefined;
  let loaded: Conversation | undefined;
  const load = () =>
    (loading ??= import('./conversation.ts').then((m) => (loaded = m.playgroundConversation(client, stores, effects, runTool))));
  return {
    load,
    loaded: () => loaded,
    converse: async (text: string, tools: readonly Tool[], signal: AbortSignal) => (await load()).converse(text, tools, signal),
  };
}

interface Jobs {
  startCall<K extends CallKind>(kind: K, params: CallKinds[K]['params']): string;
  cancelScope(scope: string): void;
}

export function playgroundCommands(
  client: EngineClient,
  stores: Pick<Stores, 'playground' | 'prefs' | 'calls'>,
  conversation: ReturnType<typeof playgroundConversationLoader>,
  jobs: Jobs,
) {
  return {
    ...playgroundKeyCommands(client, stores),
    /**
     * Sends the person's message and runs the conversation until the model answers without a tool call:
     * the job's id, or null for an empty message. A message sent while one runs waits for it.
     */
    sendPlaygroundMessage: (text: string, tools: readonly Tool[]): string | null =>
      text.trim() === '' ? null : jobs.startCall('conversation', { text, tools }),
    /** The person's answer to "Run this tool?" while the model waits. */
    answerPlaygroundConfirm: (choice: ConfirmAnswer) => conversation.loaded()?.answerPlaygroundConfirm(choice),
    /** Stops the model's stream and any tool call running for it; what finished stays on screen. */
    stopPlayground: () => jobs.cancelScope(CONVERSATION),
    /** A new conversation: stops the current one, forgets its history and the tools allowed in it. */
    restartPlayground() {
      jobs.cancelScope(CONVERSATION);
      // The stopped message's outcome belonged to the conversation that ended.
      stores.calls.getState().actions.forget('conversation', CONVERSATION);
      const loaded = conversation.loaded();
      if (loaded) loaded.restart();
      else stores.playground.getState().actions.restart();
    },
    /** Attaches one of the server's prompts, with its arguments, as context for the model. */
    attachPlaygroundPrompt: async (name: string, args: Record<string, string>) =>
      (await conversation.load()).attachPlaygroundPrompt(name, args),
    /** Attaches one of the server's resources as context for the model. */
    attachPlaygroundResource: async (uri: string) => (await conversation.load()).attachPlaygroundResource(uri),
  };
}
