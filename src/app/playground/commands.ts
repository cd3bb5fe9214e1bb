/**
 * The Playground's commands, as the app offers them from the start: each loads the conversation
 * (conversation.ts, with the loop) on first use, so the first screen carries none of it. One conversation
 * per connection, made once.
 */
import type { EngineClient } from '../../bridge/index.ts';
import type { Tool, ToolCallOutcome, ToolCallParams } from '../../shared/model.ts';
import type { AppEffects } from '../effects.ts';
import type { Stores } from '../stores.ts';
import type { ConfirmAnswer } from './loop.ts';
import type { playgroundConversation } from './conversation.ts';
import { playgroundKeyCommands } from './key-commands.ts';

type Conversation = ReturnType<typeof playgroundConversation>;

export function playgroundCommands(
  client: EngineClient,
  stores: Pick<Stores, 'playground' | 'prefs'>,
  effects: Pick<AppEffects, 'now'>,
  runTool: (params: ToolCallParams, signal?: AbortSignal, job?: string) => Promise<ToolCallOutcome>,
) {
  let loading: Promise<Conversation> | undefined;
  let loaded: Conversation | undefined;
  const conversation = () =>
    (loading ??= import('./conversation.ts').then((m) => (loaded = m.playgroundConversation(client, stores, effects, runTool))));
  return {
    ...playgroundKeyCommands(client, stores),
    /** Sends the person's message and runs the conversation until the model answers without a tool call. */
    sendPlaygroundMessage: async (text: string, tools: readonly Tool[]) => (await conversation()).sendPlaygroundMessage(text, tools),
    /** The person's answer to "Run this tool?" while the model waits. */
    answerPlaygroundConfirm: (choice: ConfirmAnswer) => loaded?.answerPlaygroundConfirm(choice),
    /** Stops the model's stream and any tool call running for it; what finished stays on screen. */
    stopPlayground: () => loaded?.stopPlayground(),
    /** A new conversation: stops the current one, forgets its history and the tools allowed in it. */
    restartPlayground: () => (loaded ? loaded.restartPlayground() : stores.playground.getState().actions.restart()),
    /** Attaches one of the server's prompts, with its arguments, as context for the model. */
    attachPlaygroundPrompt: async (name: string, args: Record<string, string>) => (await conversation()).attachPlaygroundPrompt(name, args),
    /** Attaches one of the server's resources as context for the model. */
    attachPlaygroundResource: async (uri: string) => (await conversation()).attachPlaygroundResource(uri),
  };
}
