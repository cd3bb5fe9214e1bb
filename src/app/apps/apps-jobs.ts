/** An MCP App's kinds of job in the jobs registry (src/app/calls.ts); listed in src/app/features/feature-jobs.ts. */
import type { EngineClient } from '../../bridge/index.ts';
import type { AppsJobs } from '../../shared/apps-jobs.ts';
import type { JobKindsOf } from '../calls.ts';

export function appsJobKinds(client: EngineClient): JobKindsOf<keyof AppsJobs> {
  return {
    // The engine marks the request as the app's (origin 'apps'), with this job's id beside the app's URI.
    'app-tool': {
      send: (params, id, signal) => client.call('callTool', params, signal, id),
      target: ({ viaApp }) => viaApp,
    },
    'app-read': {
      send: (params, id, signal) => client.call('readResource', params, signal, id),
      target: ({ viaApp }) => viaApp,
    },
  };
}
