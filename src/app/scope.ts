/**
 * What the feature tabs work against: the live session, or a saved one being browsed. Views ask the scope
 * what they can show and whether an action can run, instead of branching on "is a file open" themselves.
 */
import type { EngineClient } from '../bridge/index.ts';
import { scopedQueries, type ScopedQueries } from '../queries/index.ts';
import { profileOf, type EraProfile } from '../shared/era-profile.ts';
import type { ProtocolEra } from '../shared/model.ts';
import type { ConnectionPhase } from '../shared/events.ts';
import type { ReplayInfo } from '../state/index.ts';
import { READ_ONLY_REASON, replayClient } from './session-file/replay-client.ts';

/** The tabs whose lists a saved file can rebuild. */
type ListedFeature = 'tools' | 'resources' | 'prompts';

export interface Scope {
  mode: 'live' | 'saved';
  /** Connected, or a saved session is open: there is something to show. */
  ready: boolean;
  /** The connection key (live) or the saved session's key: query keys start with it. */
  key: number;
  capabilities: Record<string, unknown> | undefined;
  /**
   * What the server's protocol revision offers and how (can it ping, how is a call cancelled, how is the log
   * level set): views ask this, never the era. The 2025 profile when nothing is connected.
   */
  protocol: EraProfile;
  /**
   * Lists and reads, as react-query options bound to the engine when live or to the file's recording when
   * saved. Views get these, never the engine client: what acts on the server is a job (src/app/calls.ts).
   */
  queries: ScopedQueries;
  /** Why actions that would reach a server (Run tool, Get prompt, Read, Ping) cannot run; null when they can. */
  readOnly: string | null;
  /** The saved session being browsed (its results, prompt gets, server), or null when live. */
  recording: ReplayInfo | null;
  /** Whether the tab has a list to show: the server declared the capability, or the file recorded the list. */
  offers(feature: ListedFeature): boolean;
}

export interface LiveConnection {
  phase: ConnectionPhase;
  connectionKey: number;
  capabilities: Record<string, unknown> | undefined;
  era?: ProtocolEra | undefined;
}

export function scopeOf(live: EngineClient, connection: LiveConnection, saved: ReplayInfo | null): Scope {
  if (saved) {
    const capabilities = saved.server?.capabilities;
    const { catalog } = saved;
    const recorded: Record<ListedFeature, boolean> = {
      tools: catalog.tools !== null,
      resources: catalog.resources !== null || catalog.templates !== null,
      prompts: catalog.prompts !== null,
    };
    return {
      mode: 'saved',
      ready: true,
      key: saved.key,
      capabilities,
      protocol: profileOf(saved.server?.era),
      queries: scopedQueries(replayClient(live, saved), saved.key),
      readOnly: READ_ONLY_REASON,
      recording: saved,
      // A file without a server summary still shows whatever it recorded.
      offers: (feature) => capabilities?.[feature] !== undefined || saved.server === null || recorded[feature],
    };
  }
  const { capabilities } = connection;
  return {
    mode: 'live',
    ready: connection.phase === 'connected',
    key: connection.connectionKey,
    capabilities,
    protocol: profileOf(connection.era),
    queries: scopedQueries(live, connection.connectionKey),
    readOnly: null,
    recording: null,
    offers: (feature) => capabilities?.[feature] !== undefined,
  };
}
