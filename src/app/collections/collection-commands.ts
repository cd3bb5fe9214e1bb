/**
 * The Collections feature's commands: open and save a collection file, add a call made in the app to the open
 * collection, run it against the connected server as one job of the registry (src/app/calls.ts), accept a
 * step's new result as its snapshot, and find a step's request in the Message log. The run uses the runner
 * and judge `mcp-lens test` uses (src/shared/collection/), so a file gets the same verdicts in both.
 */
import type { EngineClient } from '../../bridge/index.ts';
import { failedAnswer, toolAnswer } from '../../shared/collection/answers.ts';
import { COLLECTION_BOUNDS, type CollectionStep } from '../../shared/collection/format.ts';
import type { StepAnswer } from '../../shared/collection/judge.ts';
import { readCollection } from '../../shared/collection/read.ts';
import type { CollectionRunValues } from '../../shared/collection/collection-api.ts';
import type { CollectionRun } from '../../shared/collection/run.ts';
import { writeCollection } from '../../shared/collection/write.ts';
import type { Collection } from '../../shared/collection/format.ts';
import { asEngineError, type EngineError } from '../../shared/errors.ts';
import type { Tool, ToolCallOutcome } from '../../shared/model.ts';
import { originOf } from '../../shared/message-origin.ts';
import { describeError, isRecord } from '../../shared/read.ts';
import { resendRefusal } from '../../shared/resend.ts';
import { toolRisk, type ToolRisk } from '../../shared/tool-hints.ts';
import { messageItemId } from '../../state/index.ts';
import type { CallKinds } from '../../state/calls-store.ts';
import type { AppEffects } from '../effects.ts';
import { exportFileName } from '../files/file-stamp.ts';
import type { Stores } from '../stores.ts';
import { recordedStep, type RecordedCall } from './recorded-step.ts';
import { missingVariables, missingVariablesText, runValuesOf } from './run-variables.ts';

/** The tab's name (e2e/names.ts keeps it): where an added step or an opened file is shown. */
const COLLECTIONS_TAB = 'Collections';

interface CollectionJobs {
  startCall<K extends keyof CallKinds>(kind: K, params: CallKinds[K]['params']): string;
  cancelCall(id: string): void;
  settledCall(id: string): Promise<{ status: string; result?: unknown; error?: EngineError }>;
}

type CollectionStores = Pick<Stores, 'collections' | 'log' | 'http' | 'view' | 'connection'>;

/** Sends a run's steps for the jobs registry: one job, every step's request marked with the job's id. */
export function collectionRunner(client: EngineClient, stores: Pick<Stores, 'collections'>, effects: Pick<AppEffects, 'now'>) {
  return async (collection: Collection, job: string, signal: AbortSignal, values?: CollectionRunValues): Promise<CollectionRun> => {
    const tools = await listedTools(client, signal);
    // Steps run in order and each ends (sent, refused or skipped) before the next starts: the one sending is the next index.
    let ended = 0;
    // The runner and its judge (with the regular-expression engine) load on the first run, not with the page.
    const { runCollection } = await import('../../shared/collection/run.ts');
    return runCollection(
      collection,
      {
        async send(method, params, stepSignal) {
          const step = String(ended);
          try {
            const answer = await client.call('sendCollectionStep', { method, ...(params && { params }), step }, stepSignal, job);
            return answer.kind === 'tool' ? toolAnswer(answer.outcome) : { answer: { kind: 'result', result: answer.result } };
          } catch (error) {
            const engineError = asEngineError(error);
            return { answer: failedAnswer(engineError, engineError.message) };
          }
        },
        toolRisk: (name) => {
          const tool = tools.get(name);
          return tool && toolRisk(tool);
        },
        // A browser has no environment: the person gives ${env:…} values in the Collections tab (run-variables.ts).
        env: (name) => values?.env(name),
        now: effects.now,
      },
      {
        ...(values && { vars: values.vars }),
        signal,
        onStep: (result) => {
          ended += 1;
          stores.collections.getState().actions.stepEnded(job, result);
        },
      },
    );
  };
}

/** Every tool the server lists (each page followed), for the consent rule, as `mcp-lens test` lists them. */
async function listedTools(client: EngineClient, signal: AbortSignal): Promise<Map<string, Tool>> {
  const byName = new Map<string, Tool>();
  let after: string | undefined;
  do {
    const listed = await client.call('listTools', after === undefined ? {} : { after }, signal);
    for (const tool of listed.tools) byName.set(tool.name, tool);
    after = listed.more && !listed.more.final ? listed.more.cursor : undefined;
  } while (after !== undefined);
  return byName;
}

export function collectionCommands(
  client: EngineClient,
  jobs: CollectionJobs,
  stores: CollectionStores,
  effects: Pick<AppEffects, 'now' | 'download'>,
  nameOf: () => string,
) {
  const state = () => stores.collections.getState();
  const actions = () => state().actions;

  /** Adds the step and shows it; the reason is said in the tab when it cannot be added. */
  function add(call: RecordedCall): boolean {
    const made = recordedStep(call);
    if (!made.ok) {
      actions().openFailed(made.reason);
      return false;
    }
    const steps = state().collection?.steps.length ?? 0;
    if (steps >= COLLECTION_BOUNDS.maxSteps) {
      actions().openFailed(`The collection has ${steps} steps, as many as a collection may have.`);
      return false;
    }
    actions().addStep(made.step, nameOf());
    return true;
  }

  /** How the server lists a tool's risk now (its list is the engine's cache): undefined when it is not listed. */
  async function riskOf(name: string): Promise<ToolRisk | undefined> {
    try {
      const tool = (await client.call('listTools', {})).tools.find((each) => each.name === name);
      return tool && toolRisk(tool);
    } catch {
      return undefined;
    }
  }

  return {
    /** Opens a collection file into the Collections tab (replacing the open one); false, with the reason in the store, when it does not read. */
    async openCollectionFile(file: Blob & { name: string }): Promise<boolean> {
      if (file.size > COLLECTION_BOUNDS.maxFileChars * 4) {
        actions().openFailed(`${file.name}: ${Math.round(file.size / 1e6)} MB is too big for a collection.`);
        return false;
      }
      let text: string;
      try {
        text = await file.text();
      } catch (error) {
        actions().openFailed(`${file.name} could not be read: ${describeError(error)}`);
        return false;
      }
      // The regular-expression engine that checks `matches` loads with the first file, not the first screen.
      const { serverPatternProblem } = await import('../../shared/server-pattern.ts');
      const read = readCollection(text, serverPatternProblem);
      if (!read.ok) {
        actions().openFailed(`${file.name} is not a collection MCP Lens can open: ${read.problems.join(' · ')}`);
        return false;
      }
      actions().open(read.collection, file.name);
      stores.view.getState().actions.showTab(COLLECTIONS_TAB);
      return true;
    },

    /** Downloads the open collection in the format's stable key order, so a diff in git shows only what changed. */
    saveCollection(): boolean {
      const collection = state().collection;
      if (!collection) return false;
      const fileName = exportFileName('collection', collection.name, new Date(effects.now()), '.json');
      effects.download(fileName, new Blob([writeCollection(collection)], { type: 'application/json' }));
      actions().saved(fileName);
      return true;
    },

    /** A tool call (a History entry, a Playground tool card): its arguments, and its outcome as the first snapshot. */
    async addToolCallToCollection(call: {
      tool: string;
      arguments: Record<string, unknown>;
      outcome?: ToolCallOutcome;
      error?: EngineError;
    }) {
      const answer: StepAnswer = call.outcome
        ? toolAnswer(call.outcome).answer
        : failedAnswer(call.error, call.error?.message ?? 'the call has not ended');
      const risk = await riskOf(call.tool);
      return add({
        method: 'tools/call',
        params: { name: call.tool, arguments: call.arguments },
        answer,
        changesThings: risk?.level !== 'read-only',
      });
    },

    /** A request row of the Message log: its method and params, and its response (or error) as the expectation. */
    async addLoggedRequestToCollection(itemId: string): Promise<boolean> {
      const { byId } = stores.log.getState();
      const item = byId.get(itemId);
      const entry = item?.type === 'message' ? item.entry : undefined;
      const message = entry?.message;
      if (!entry || entry.kind !== 'request' || entry.direction !== 'out' || !isRecord(message) || typeof message.method !== 'string') {
        actions().openFailed('Only a request MCP Lens sent can be added to a collection.');
        return false;
      }
      const refusal = resendRefusal(message.method);
      if (refusal !== undefined) {
        actions().openFailed(`A collection cannot hold ${message.method}: ${refusal}`);
        return false;
      }
      const answer = answerTo(byId, entry.seq);
      const params = isRecord(message.params) ? message.params : undefined;
      const tool = message.method === 'tools/call' && typeof params?.name === 'string' ? params.name : undefined;
      const risk = tool === undefined ? undefined : await riskOf(tool);
      return add({
        method: message.method,
        ...(params && { params }),
        answer: answer ?? { kind: 'failed', message: 'its answer is not in the log' },
        changesThings: risk?.level !== 'read-only',
      });
    },

    /**
     * Runs the open collection on this connection as one job (scope `collection`: a second run waits for the
     * first), with the variables' values given in the tab. Refused, with what is missing in the tab, when a
     * variable has no value; nothing is sent then.
     */
    runOpenCollection(): string | null {
      const { collection, values } = state();
      if (!collection) return null;
      const missing = missingVariables(collection, values);
      if (missing.length > 0) {
        actions().openFailed(`${missingVariablesText(missing)} The Collections tab asks for each above the steps.`);
        return null;
      }
      const job = jobs.startCall('collection', { collection, values: runValuesOf(values) });
      actions().runStarted({ job, server: nameOf(), total: collection.steps.length });
      void jobs.settledCall(job).then((call) => {
        if (call.status === 'success') actions().runEnded(job, call.result as CollectionRun);
        else actions().runEnded(job, { error: call.error?.message ?? 'The run failed.', stopped: call.error?.code === 'cancelled' });
      });
      return job;
    },

    /** Stops the running run: the request in flight is cancelled and the steps after it are not sent. */
    stopCollectionRun(): void {
      const run = state().run;
      if (run?.status === 'running') jobs.cancelCall(run.job);
    },

    /** Takes the run's answer to step `index` as its snapshot (the expected outcome follows it); the collection becomes unsaved. */
    acceptStepResult(index: number): boolean {
      const { collection, run } = state();
      const step = collection?.steps[index];
      const answer = run?.results.find((result) => result.index === index)?.answer;
      if (!step || !answer || answer.kind === 'failed') return false;
      const made = recordedStep({ method: step.request.method, answer });
      if (!made.ok) return false;
      const { snapshot: _old, outcome: _was, ...kept } = step.expect ?? {};
      const fresh = made.step.expect ?? {};
      const expect = {
        ...(fresh.outcome !== undefined && { outcome: fresh.outcome }),
        ...kept,
        ...(fresh.snapshot && {
          snapshot: { ...fresh.snapshot, ...(step.expect?.snapshot?.ignore && { ignore: step.expect.snapshot.ignore }) },
        }),
      };
      actions().editStep(index, { ...step, expect } satisfies CollectionStep);
      actions().accepted(index);
      return true;
    },

    /** Selects the step's answer (else its request) of the latest run in the Message log: false when the log no longer holds it. */
    showCollectionStepInLog(index: number): boolean {
      const run = state().run;
      if (!run) return false;
      const { byId, actions: log } = stores.log.getState();
      let requestSeq: number | undefined;
      let answerSeq: number | undefined;
      for (const item of byId.values()) {
        if (item.type !== 'message') continue;
        const origin = originOf(item.entry, 'collections');
        if (origin?.job === run.job && origin.id === String(index) && item.entry.kind === 'request') requestSeq = item.entry.seq;
        else if (requestSeq !== undefined && item.entry.requestSeq === requestSeq) answerSeq = item.entry.seq;
      }
      if (requestSeq === undefined) return false;
      stores.http.getState().actions.show('messages');
      log.select(messageItemId(answerSeq ?? requestSeq));
      return true;
    },
  };
}

/** The answer the log holds for the request logged as `seq`: its result or JSON-RPC error; undefined when none is kept. */
function answerTo(
  byId: ReadonlyMap<string, { type: string; entry?: { kind: string; requestSeq?: number; message?: unknown } }>,
  seq: number,
) {
  for (const item of byId.values()) {
    const entry = item.type === 'message' ? item.entry : undefined;
    if (!entry || entry.requestSeq !== seq || !isRecord(entry.message)) continue;
    const message = entry.message;
    if (entry.kind === 'response') return { kind: 'result', result: message.result } satisfies StepAnswer;
    if (entry.kind === 'error' && isRecord(message.error) && typeof message.error.code === 'number')
      return {
        kind: 'error',
        error: {
          code: message.error.code,
          message: typeof message.error.message === 'string' ? message.error.message : '',
          ...(message.error.data !== undefined && { data: message.error.data }),
        },
      } satisfies StepAnswer;
  }
  return undefined;
}
