/**
 * What a feature tab works against: the live session, or a saved one being browsed. Tabs that a file can
 * rebuild (Tools, Resources, Prompts) read lists through `client` and key their queries by `key`, so the
 * same components serve both; `replay` tells them to be read-only.
 */
import type { EngineClient } from '../../bridge/index.ts';
import type { ReplayInfo } from '../../state/index.ts';
import { useConnection, useEngineClient, useSession } from '../services.tsx';
import { replayClient } from '../session/replay-client.ts';

export interface FeatureScope {
  /** The saved session being browsed, or null when live. */
  replay: ReplayInfo | null;
  /** Connected, or a saved session is open: there is something to show. */
  ready: boolean;
  /** The connection key (live) or the replay's key: query keys start with it. */
  key: number;
  capabilities: Record<string, unknown> | undefined;
  client: EngineClient;
}

export function useFeatureScope(): FeatureScope {
  const live = useEngineClient();
  const replay = useSession((state) => state.replay);
  const phase = useConnection((state) => state.phase);
  const connectionKey = useConnection((state) => state.connectionKey);
  const liveCapabilities = useConnection((state) => state.summary?.capabilities);
  if (replay) {
    return { replay, ready: true, key: replay.key, capabilities: replay.server?.capabilities, client: replayClient(live, replay) };
  }
  return { replay: null, ready: phase === 'connected', key: connectionKey, capabilities: liveCapabilities, client: live };
}

/** True while a saved session is browsed: actions that would reach a server are disabled. */
export function useReadOnly(): boolean {
  return useSession((state) => state.replay !== null);
}
