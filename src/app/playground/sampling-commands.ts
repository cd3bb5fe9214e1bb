/**
 * "Answer with <model>" in the sampling dialog, and its auto-approve. The Playground's chosen provider and
 * model answer a sampling request (a 2025 `sampling/createMessage` or a 2026-07-28 input round: the same
 * pending server request), through the engine's `modelTurn`, with the key the worker holds. The draft goes
 * to the dialog for the person to edit and Approve; with auto-approve on (per connection, off by default,
 * turned off when demo mode starts) it is approved as the model wrote it.
 */
import type { EngineClient } from '../../bridge/index.ts';
import { asEngineError, type EngineError } from '../../shared/errors.ts';
import type { ServerRequestAnswer } from '../../shared/client-features.ts';
import { providerOrigin, type PlaygroundState } from '../../state/index.ts';
import type { Stores } from '../stores.ts';
import type { SamplingDraft } from './sampling-draft.ts';
import { onFirstUse } from '../../shared/on-first-use.ts';

// The draft's rules load with the first sampling answer a model drafts, not with the first screen.
const loadDraftRules = onFirstUse(() => import('./sampling-draft.ts'), 'its sampling drafts');

const isLoopback = (origin: string) => /^http:\/\/(localhost|127(\.\d{1,3}){3}|\[::1\])(:\d+)?$/.test(origin);

/**
 * The model that would answer, or why none can: a provider is set up when the worker holds a key for its
 * origin, or it runs on this machine (a local Ollama or LM Studio needs none).
 */
export function samplingModel(state: Pick<PlaygroundState, 'provider' | 'keyOrigins'>): { model: string } | { missing: string } {
  const origin = providerOrigin(state.provider.baseUrl);
  const model = state.provider.model.trim();
  if (origin === null || model === '') return { missing: 'Choose a provider and model in the Playground tab first.' };
  if (!state.keyOrigins.includes(origin) && !isLoopback(origin))
    return { missing: `Give the Playground an API key for ${origin} (Playground tab), or choose a local model.` };
  return { model };
}

export function samplingCommands(client: EngineClient, stores: Pick<Stores, 'playground' | 'serverRequests'>) {
  let turns = 0;
  return {
    /** A draft reply to the pending sampling request `id`, written by the Playground's model. */
    async draftSamplingAnswer(id: string, signal?: AbortSignal): Promise<SamplingDraft> {
      const request = stores.serverRequests.getState().pending.find((pending) => pending.id === id && pending.kind === 'sampling');
      if (!request)
        throw { code: 'invalid-input', message: 'This sampling request is no longer waiting for an answer.' } satisfies EngineError;
      const state = stores.playground.getState();
      const chosen = samplingModel(state);
      if ('missing' in chosen) throw { code: 'invalid-input', message: chosen.missing } satisfies EngineError;
      const { samplingDraft, samplingToolsUsable, samplingTurn } = await loadDraftRules();
      const turn = samplingTurn(request.params, samplingToolsUsable(request.params, request.toolsAllowed));
      const answer = await client.call('modelTurn', { turnId: `sampling-${++turns}`, provider: state.provider, ...turn }, signal);
      return samplingDraft(answer, chosen.model);
    },
    /** Auto-approve with the model on this connection (off by default; demo mode turns it off when it starts). */
    setSamplingAutoApprove(on: boolean): void {
      stores.playground.getState().actions.setAutoSampling(on, null);
    },
  };
}

/** Automatic answers allowed in one window before auto-approve turns itself off. */
export const MAX_AUTO_SAMPLINGS_PER_WINDOW = 10;
const AUTO_SAMPLING_WINDOW_MS = 60_000;

/**
 * While auto-approve is on, each sampling request that arrives (or waits when it is turned on) is answered
 * by the model and approved as written, once. A failure leaves that request to the person and says why.
 * Demo mode starting turns auto-approve off: an audience should see what is approved.
 */
export function watchSamplingAuto(
  stores: Pick<Stores, 'playground' | 'serverRequests' | 'prefs'>,
  draft: (id: string) => Promise<SamplingDraft>,
  answer: (id: string, answer: ServerRequestAnswer) => Promise<unknown>,
  now: () => number,
): () => void {
  const tried = new Set<string>();
  /** When each automatic answer started, for the rate limit. */
  let started: number[] = [];
  const run = () => {
    if (!stores.playground.getState().autoSampling) return;
    for (const request of stores.serverRequests.getState().pending) {
      if (request.kind !== 'sampling' || tried.has(request.id)) continue;
      started = started.filter((time) => now() - time < AUTO_SAMPLING_WINDOW_MS);
      if (started.length >= MAX_AUTO_SAMPLINGS_PER_WINDOW) {
        // A server that keeps asking would otherwise spend the person's key unseen: the spec says clients
        // SHOULD rate-limit sampling. This request, and every later one, waits for the person.
        stores.playground.getState().actions.setAutoSampling(false, {
          code: 'protocol',
          message: `The server asked for more than ${MAX_AUTO_SAMPLINGS_PER_WINDOW} sampling answers within a minute, so auto-approve turned itself off. Each request now waits for you; turn it on again if that was expected.`,
        });
        return;
      }
      started.push(now());
      tried.add(request.id);
      stores.playground.getState().actions.countAutoSampled();
      void draft(request.id)
        .then(async (reply) => {
          const { samplingResult, samplingToolsUsable } = await loadDraftRules();
          return answer(request.id, {
            action: 'approve',
            result: samplingResult(reply, samplingToolsUsable(request.params, request.toolsAllowed)),
          });
        })
        .catch((error: unknown) => {
          const reason = asEngineError(error);
          const playground = stores.playground.getState();
          playground.actions.setAutoSampling(playground.autoSampling, {
            ...reason,
            message: `The model's automatic answer failed, so this request waits for you: ${reason.message}`,
          });
        });
    }
  };
  const stops = [
    stores.serverRequests.subscribe(run),
    stores.playground.subscribe((state, previous) => {
      if (state.autoSampling && !previous.autoSampling) run();
    }),
    stores.prefs.subscribe((state, previous) => {
      if (state.demo && !previous.demo) stores.playground.getState().actions.setAutoSampling(false);
    }),
  ];
  return () => stops.forEach((stop) => stop());
}
