/** What a provider client gets and gives back for one step of the model. */
import type { ModelTurnResult } from '../../shared/playground.ts';
import type { Clock } from '../clock.ts';
import type { FetchLike } from '../wire/wire-tap.ts';

export interface TurnOptions {
  /** The untapped fetch: provider traffic is not MCP traffic and never enters the message log or the HAR. */
  fetch: FetchLike;
  clock: Clock;
  /** The key held for the provider's origin, if any (a local Ollama needs none). */
  key?: string;
  signal?: AbortSignal;
  /** Each piece of text as it streams. */
  onText: (text: string) => void;
}

export type TurnAnswer = Omit<ModelTurnResult, 'durationMs'>;
