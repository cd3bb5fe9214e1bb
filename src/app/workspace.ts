/**
 * Several servers at once. Each connection is a whole application (lens-app.ts): its own engine worker,
 * stores, log, timeline and query cache. One server's traffic therefore has no path into another's views,
 * and a flood from one server is parsed in its own worker. What belongs to the browser rather than to a
 * connection (preferences, saved servers, saved requests) is shared. The address bar follows the
 * connection on screen.
 */
import { createStore } from 'zustand/vanilla';
import type { EngineClient } from '../bridge/index.ts';
import type { HeaderPair } from '../shared/model.ts';
import { readAddress } from './address/address.ts';
import { syncAddress } from './address/address-sync.ts';
import { connectionName, distinctNames } from './connection/connection-names.ts';
import type { AppEffects } from './effects.ts';
import { fileKindOf, SNIFF_BYTES, unknownFileError, type AskToDiscard } from './files/file-kind.ts';
import { FILE_KINDS } from './files/file-kinds.ts';
import { createLensApp, type LensApp } from './lens-app.ts';
import { createSharedStores } from './stores.ts';

/** Each connection is a worker with its own memory; a handful covers side-by-side work without exhausting a laptop. */
export const MAX_CONNECTIONS = 8;
/** How long a closed connection may spend ending its session (a DELETE) before its engine is stopped anyway. */
const CLOSE_GRACE_MS = 5_000;

/** One running engine, started by the composition root (a worker in the browser, a MessageChannel in tests). */
export interface Engine {
  client: EngineClient;
  /** Stops the engine for good (terminates the worker). */
  stop(): void;
}

export interface WorkspaceOptions {
  /** Starts an engine; `onFailure` reports the engine itself failing (the worker did not start). */
  startEngine(onFailure: (message: string) => void): Engine;
  effects: AppEffects;
  /** Resolves after `ms`: bounds the wait for a closed connection's session to end. */
  delay(ms: number): Promise<void>;
  /** Where the authorization server sends the browser back: the app's callback page, absolute. */
  redirectUrl: string;
  /** Headers the first connection starts with (a relay link's token). */
  initialHeaders?: HeaderPair[];
  /** What the relay link the page was opened with says its relay runs, for the question before connecting. */
  relayRuns?: string | undefined;
  /** The server the page's own server started for it (src/shared/relay.ts, LAUNCH_META): a link to it connects without asking. */
  launchedServer?: string | undefined;
}

export interface Connection {
  /** Stable for the connection's life; never reused. */
  id: string;
  app: LensApp;
}

export interface WorkspaceState {
  connections: readonly Connection[];
  activeId: string;
}

/** Each open connection's name, by connection id: distinct, so every place that names one means one. */
export type ConnectionNames = Readonly<Record<string, string>>;

export function createWorkspace({
  startEngine,
  effects,
  delay,
  redirectUrl,
  initialHeaders = [],
  launchedServer,
  relayRuns,
}: WorkspaceOptions) {
  const shared = createSharedStores(effects.prefsStorage);
  const engines = new Map<string, Engine>();
  /** Per connection: stops following what its name is made of. */
  const namesFollowed = new Map<string, () => void>();
  const names = createStore<ConnectionNames>()(() => ({}));
  let opened = 0;

  function open(options: { address?: ReturnType<typeof readAddress>; headers?: HeaderPair[] } = {}): Connection {
    opened += 1;
    const id = `connection-${opened}`;
    // The worker reports a failure to start asynchronously, by which time the connection exists.
    const engine = startEngine((message) => connection.app.engineFailed(message));
    const connection: Connection = {
      id,
      app: createLensApp({
        client: engine.client,
        effects,
        shared,
        ...(options.address && { opened: options.address, launchedServer, relayRuns }),
        initialHeaders: options.headers ?? [],
        redirectUrl,
        name: () => names.getState()[id],
      }),
    };
    engines.set(id, engine);
    const rename = () => nameAll();
    const stops = [connection.app.connection.subscribe(rename), connection.app.sessionFile.subscribe(rename)];
    namesFollowed.set(id, () => stops.forEach((stop) => stop()));
    return connection;
  }

  /** Names every open connection again; the store changes only when a name did. */
  function nameAll(): void {
    const { connections } = store.getState();
    const saved = shared.savedServers.getState().servers;
    const own = connections.map(({ app }) => connectionName(app.connection.getState(), saved, app.sessionFile.getState().replay?.fileName));
    const next = Object.fromEntries(distinctNames(own).map((name, index) => [connections[index]!.id, name]));
    const current = names.getState();
    const same =
      Object.keys(next).length === Object.keys(current).length && Object.entries(next).every(([id, name]) => current[id] === name);
    if (!same) names.setState(next, true);
  }

  const first = open({ ...(effects.address && { address: readAddress(effects.address.initial) }), headers: initialHeaders });
  const store = createStore<WorkspaceState>()(() => ({ connections: [first], activeId: first.id }));
  const active = (): Connection => {
    const { connections, activeId } = store.getState();
    return connections.find((connection) => connection.id === activeId) ?? connections[0]!;
  };

  /**
   * Ends a connection's session and stops its engine. The last connection stays: the workspace always has
   * one to show. The neighbour to the left (or right) comes on screen when the one shown closes.
   */
  async function close(id: string): Promise<void> {
    const { connections, activeId } = store.getState();
    const index = connections.findIndex((connection) => connection.id === id);
    if (index < 0 || connections.length === 1) return;
    const closing = connections[index]!;
    const rest = connections.filter((connection) => connection.id !== id);
    const nextActive = activeId === id ? rest[Math.max(0, index - 1)]!.id : activeId;
    store.setState({ connections: rest, activeId: nextActive });
    await Promise.race([closing.app.commands.connection.disconnect().catch(() => undefined), delay(CLOSE_GRACE_MS)]);
    closing.app.dispose();
    engines.get(id)?.stop();
    engines.delete(id);
    namesFollowed.get(id)?.();
    namesFollowed.delete(id);
  }

  // The address names the connection on screen, so a reload or a shared link lands on that server.
  let stopAddressSync = () => {};
  const followActive = () => {
    stopAddressSync();
    if (effects.address) stopAddressSync = syncAddress(active().app, effects.address.replace);
  };
  followActive();
  const stopFollowing = store.subscribe((state, previous) => {
    if (state.activeId !== previous.activeId) followActive();
    if (state.connections !== previous.connections) nameAll();
  });
  const stopNamingSaved = shared.savedServers.subscribe(nameAll);
  nameAll();

  return {
    store,
    /** Preferences, saved servers and saved requests: one set for every connection. */
    shared,
    /** What each open connection is called (connection-names.ts), for everything that names one. */
    names,
    active,
    /** Opens a new, empty connection and shows it; undefined when MAX_CONNECTIONS are open. */
    add(): string | undefined {
      if (store.getState().connections.length >= MAX_CONNECTIONS) return undefined;
      const connection = open();
      store.setState(({ connections }) => ({ connections: [...connections, connection], activeId: connection.id }));
      return connection.id;
    },
    /**
     * Connect while connected, without ending anything: a new connection beside `fromId` with what its bar
     * holds (URL, headers, transport and era), connected at once and shown. That draft now belongs to the new
     * connection, so `fromId`'s bar goes back to the server it is connected to: its name, its Connect and its
     * address keep meaning that server. Undefined when MAX_CONNECTIONS are open.
     */
    connectBeside(fromId: string): string | undefined {
      const from = store.getState().connections.find((connection) => connection.id === fromId);
      if (!from || store.getState().connections.length >= MAX_CONNECTIONS) return undefined;
      const connection = open();
      const { input } = from.app.connection.getState();
      const { actions } = connection.app.connection.getState();
      actions.setUrl(input.url);
      actions.setHeaders(input.headers.map((header) => ({ ...header })));
      actions.setTransport(input.transport);
      actions.setEra(input.era);
      from.app.connection.getState().actions.restoreSent();
      store.setState(({ connections }) => ({ connections: [...connections, connection], activeId: connection.id }));
      void connection.app.commands.connection.connect();
      return connection.id;
    },
    /**
     * Opens a file MCP Lens saved (a session file, an audit report: the kinds in file-kinds.ts) read-only as
     * its own connection, beside the live ones (a kind `inPlace`, a contract snapshot or a collection, is used by the
     * connection on screen instead), which keep their logs and results. A connection that has
     * nothing yet (never connected, empty log, no file open) takes it instead of a new one. A file no kind
     * takes, or one its kind cannot read, opens nothing (a new connection closes again) and the connection
     * that was on screen says why. A file used in place over work no file holds yet (a collection with unsaved
     * changes) opens only when `askToDiscard` says yes; without one to ask, it does not open, and says why.
     * False when the file did not open.
     */
    async openFile(file: File, askToDiscard?: AskToDiscard): Promise<boolean> {
      const previous = active();
      const refuse = (reason: string) => previous.app.sessionFile.getState().actions.openFailed(reason);
      const kind = fileKindOf(FILE_KINDS, file.name, await file.slice(0, SNIFF_BYTES).text());
      if (!kind) {
        refuse(unknownFileError(FILE_KINDS, file.name));
        return false;
      }
      if (kind.inPlace) {
        const unsaved = kind.unsaved?.(previous.app) ?? null;
        if (unsaved) {
          if (!askToDiscard) {
            refuse(`${file.name} did not open: ${unsaved.name || 'the open one'} has unsaved changes. ${unsaved.save} first, or close it.`);
            return false;
          }
          // "Keep editing": nothing opens, and nothing needs saying.
          if (!(await askToDiscard(unsaved))) return false;
        }
        const reason = await kind.open(previous.app, file);
        if (reason !== null) refuse(reason);
        return reason === null;
      }
      const blank = (app: LensApp) =>
        app.connection.getState().phase === 'disconnected' &&
        app.connection.getState().summary === null &&
        app.log.getState().ids.length === 0 &&
        !FILE_KINDS.some((each) => each.isOpenIn(app));
      let target = previous;
      if (!blank(previous.app)) {
        if (store.getState().connections.length >= MAX_CONNECTIONS) {
          refuse(`${file.name}: ${MAX_CONNECTIONS} connections are open. Close one to open a file beside them.`);
          return false;
        }
        target = open();
        store.setState(({ connections }) => ({ connections: [...connections, target], activeId: target.id }));
      }
      const reason = await kind.open(target.app, file);
      if (reason === null) return true;
      if (target !== previous) {
        store.setState({ activeId: previous.id });
        await close(target.id);
      }
      // The banner that says why a file did not open is the session file's, whatever the file's kind.
      refuse(reason);
      return false;
    },
    select(id: string): void {
      if (store.getState().connections.some((connection) => connection.id === id)) store.setState({ activeId: id });
    },
    close,
    /**
     * The authorization server sent the browser back to the callback page, which reported it to this tab.
     * The connection whose sign-in carries the callback's `state` takes it, and comes on screen: true. A
     * callback no sign-in here matches may belong to another tab of MCP Lens, so it is not claimed (false),
     * but the connection on screen, if it waits for a sign-in, still sees it refused and recorded, as a
     * forged callback should be.
     */
    routeAuthorizationCallback(callbackUrl: string): boolean {
      const awaiting = (app: LensApp) => {
        const status = app.auth.getState().status;
        return status.phase === 'awaiting-user' ? status.state : undefined;
      };
      let state: string | null = null;
      try {
        state = new URL(callbackUrl).searchParams.get('state');
      } catch {
        // not a URL: no sign-in matches it
      }
      const owner = store.getState().connections.find(({ app }) => state !== null && awaiting(app) === state);
      if (owner) {
        store.setState({ activeId: owner.id });
        void owner.app.commands.auth.completeAuthorization(callbackUrl);
        return true;
      }
      const shown = active().app;
      if (awaiting(shown) !== undefined) void shown.commands.auth.completeAuthorization(callbackUrl);
      return false;
    },
    dispose(): void {
      stopFollowing();
      stopNamingSaved();
      namesFollowed.forEach((stop) => stop());
      namesFollowed.clear();
      stopAddressSync();
      for (const { id, app } of store.getState().connections) {
        app.dispose();
        engines.get(id)?.stop();
      }
      engines.clear();
    },
  };
}

export type Workspace = ReturnType<typeof createWorkspace>;
