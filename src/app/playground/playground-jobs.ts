/** The Playground's kinds of job in the jobs registry (src/app/calls.ts); listed in src/app/features/feature-jobs.ts. */
import type { Tool } from '../../shared/model.ts';
import type { PlaygroundJobs, SamplingDraft } from '../../shared/playground.ts';
import { CONVERSATION, type JobKindsOf } from '../calls.ts';

export interface PlaygroundSenders {
  draftSamplingAnswer(requestId: string, signal?: AbortSignal): Promise<SamplingDraft>;
  converse(text: string, tools: readonly Tool[], signal: AbortSignal): Promise<void>;
}

export function playgroundJobKinds(send: PlaygroundSenders): JobKindsOf<keyof PlaygroundJobs> {
  return {
    // A model turn goes to the model's provider, not the server: no line in the Message log.
    'sampling-draft': {
      send: ({ requestId }, _id, signal) => send.draftSamplingAnswer(requestId, signal),
      target: ({ requestId }) => requestId,
      scope: ({ requestId }) => `sampling:${requestId}`,
    },
    // Model turns go to the provider and show in the Playground; the tool calls they ask for are in the log.
    conversation: {
      send: ({ text, tools }, _id, signal) => send.converse(text, tools, signal),
      target: () => CONVERSATION,
      scope: () => CONVERSATION,
    },
  };
}
