/**
 * The engine client a saved session's tabs talk to: lists and reads are answered from what the file
 * recorded, template expansion and icons go to the real engine (no server traffic), and everything that
 * would reach a server is refused with the reason — a replay never talks to the server it was saved from.
 */
import type { EngineClient } from '../../bridge/index.ts';
import type { EngineApi, EngineMethod } from '../../shared/boundary.ts';
import type { EngineError } from '../../shared/errors.ts';
import type { ReplayInfo } from '../../state/index.ts';

export const READ_ONLY_REASON = 'Replay is read-only — connect to run.';

const notRecorded = (what: string): EngineError => ({
  code: 'not-connected',
  message: `The saved session has no ${what} response: it was never requested, or the log evicted it before the file was saved. Connect to the server to list it.`,
});

const clients = new WeakMap<ReplayInfo, EngineClient>();

export function replayClient(live: EngineClient, replay: ReplayInfo): EngineClient {
  const cached = clients.get(replay);
  if (cached) return cached;
  const { catalog } = replay;
  const answer = (method: EngineMethod, params: unknown): unknown => {
    switch (method) {
      case 'listTools':
        if (catalog.tools) return catalog.tools;
        throw notRecorded('tools/list');
      case 'listResources':
        if (catalog.resources) return catalog.resources;
        throw notRecorded('resources/list');
      case 'listResourceTemplates':
        if (catalog.templates) return catalog.templates;
        throw notRecorded('resources/templates/list');
      case 'listPrompts':
        if (catalog.prompts) return catalog.prompts;
        throw notRecorded('prompts/list');
      case 'readResource': {
        const uri = (params as EngineApi['readResource']['params']).uri;
        const read = catalog.reads.find((item) => item.uri === uri);
        if (read?.result) return read.result;
        if (read?.error) {
          throw {
            code: 'protocol',
            message: `In the saved session the server answered this read with error ${read.error.code}: ${read.error.message}`,
          } satisfies EngineError;
        }
        throw {
          code: 'not-connected',
          message: `This resource was not read in the saved session. ${READ_ONLY_REASON}`,
        } satisfies EngineError;
      }
      default:
        throw { code: 'not-connected', message: READ_ONLY_REASON } satisfies EngineError;
    }
  };
  const client: EngineClient = {
    call(method, params, signal) {
      // Pure work in the engine, no server involved: the same answers as live.
      if (method === 'expandUriTemplate' || method === 'fetchIcon') return live.call(method, params, signal);
      try {
        return Promise.resolve(answer(method, params) as never);
      } catch (error) {
        return Promise.reject(error as EngineError);
      }
    },
    subscribe: (listener) => live.subscribe(listener),
    dispose: () => undefined,
  };
  clients.set(replay, client);
  return client;
}
