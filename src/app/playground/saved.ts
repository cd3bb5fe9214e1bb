/**
 * The Playground's conversations as data that outlives the page: the one on screen as a saved conversation
 * (for the session file), and the person's prompts of a conversation as a demo script.
 */
import type { SavedConversation, SavedConversationItem } from '../../shared/session-file/saved-conversation.ts';
import type { PlaygroundState } from '../../state/index.ts';
import { MAX_SCRIPT_PROMPTS } from '../../state/index.ts';

/**
 * The conversation on screen, or null when there is none. Steps still running are saved as stopped (a
 * file holds what was seen, not what may still come); a tool still asking or running likewise.
 */
export function snapshotConversation(
  state: Pick<PlaygroundState, 'items' | 'provider' | 'context'>,
  now: number,
): SavedConversation | null {
  if (state.items.length === 0) return null;
  const firstStep = state.items.find((item) => item.kind === 'model');
  const items = state.items.map((item): SavedConversationItem => {
    if (item.kind === 'user') return { kind: 'user', text: item.text };
    if (item.kind === 'model')
      return {
        kind: 'model',
        text: item.text,
        status: item.status === 'streaming' ? 'stopped' : item.status,
        ...(item.usage && { usage: item.usage }),
        ...(item.durationMs !== undefined && { durationMs: item.durationMs }),
        ...(item.error && { error: item.error.message }),
      };
    const note = item.note ?? item.error?.message;
    return {
      kind: 'tool',
      tool: item.tool,
      arguments: item.arguments,
      status: item.status === 'asking' || item.status === 'running' ? 'stopped' : item.status,
      ...(item.outcome && { outcome: item.outcome }),
      ...(note !== undefined && { note }),
      ...(item.durationMs !== undefined && { durationMs: item.durationMs }),
    };
  });
  return {
    startedAt: firstStep?.kind === 'model' ? firstStep.startedAt : now,
    provider: { kind: state.provider.kind, model: state.provider.model, baseUrl: state.provider.baseUrl },
    context: state.context.map(({ kind, label }) => ({ kind, label })),
    items,
  };
}

/** The person's messages of a conversation, in order: a demo script that replays it. */
export function scriptFrom(items: readonly { kind: string; text?: string }[]): string[] {
  return items
    .filter((item) => item.kind === 'user' && typeof item.text === 'string' && item.text.trim() !== '')
    .map((item) => item.text as string)
    .slice(0, MAX_SCRIPT_PROMPTS);
}
