/**
 * The application layer: the stores, the query cache, the event router and the commands, put together
 * without React. Components call these commands and read the stores through selector hooks; nothing in
 * src/ui talks to the bridge. Tested in Node against the real engine over a MessageChannel (app.test.ts).
 */
import type { EngineClient } from '../bridge/index.ts';
import { createQueryClient } from '../queries/index.ts';
import type { EngineError } from '../shared/errors.ts';
import type { HeaderPair } from '../shared/model.ts';
import type { Address } from './address/address.ts';
import { clearToolOnNewServer } from './address/address-sync.ts';
import { lazyAuditCommands } from './audit/audit-meta.ts';
import { authCommands } from './auth/auth-commands.ts';
import { callCommands } from './calls.ts';
import { lazyCollectionCommands } from './collections/collections-meta.ts';
import { composeCommands } from './features/compose-commands.ts';
import { featureJobKinds } from './features/feature-jobs.ts';
import { connectionCommands } from './connection/connection-commands.ts';
import { consoleCommands } from './console/console-commands.ts';
import { connectionName } from './connection/connection-names.ts';
import { lazyContractCommands } from './contracts/contract-meta.ts';
import type { AppEffects } from './effects.ts';
import { demoScriptCommands } from './demo/demo-script.ts';
import { createEventRouter } from './event-router.ts';
import { listToolsOnConnect } from './tools/first-lists.ts';
import { scopeOf, type LiveConnection, type Scope } from './scope.ts';
import type { ReplayInfo } from '../state/index.ts';
import { logCommands } from './log/log-commands.ts';
import { playgroundCommands, playgroundConversationLoader } from './playground/commands.ts';
import { samplingCommands, watchSamplingAuto } from './playground/sampling-commands.ts';
import { serverCommands } from './server/server-commands.ts';
import { lazySessionFileCommands } from './session-file/session-file-meta.ts';
import { createSharedStores, createStores, type SharedStores } from './stores.ts';
import { toolCommands } from './tools/tool-commands.ts';
import { savedServerCommands } from './saved-servers/saved-server-commands.ts';

export interface LensAppOptions {
  client: EngineClient;
  effects: AppEffects;
  /** The stores every connection shares (preferences, saved servers, saved requests); new ones when absent. */
  shared?: SharedStores;
  /** The address the page was opened with: the server to prefill, the tab and tool, a request to connect. */
  opened?: Address;
  /** Headers to start with (a relay link's token). */
  initialHeaders?: HeaderPair[];
  /** The server the page's own server started for it: `opened` asking to connect to exactly it connects at once. */
  launchedServer?: string | undefined;
  /** What a relay's link says its relay runs (`#relay-runs=`), for the question before connecting. */
  relayRuns?: string | undefined;
  /** Where the authorization server sends the browser back: the app's callback page, absolute. */
  redirectUrl: string;
  /**
   * What the workspace calls this connection (distinct among those open), for the files it exports;
   * undefined, or absent, falls back to the connection's own name.
   */
  name?: () => string | undefined;
}

/**
 * One connection's application: its engine, stores, query cache and commands. The workspace (workspace.ts)
 * holds one per connection; a test holds one alone.
 */
export function createLensApp({
  client,
  effects,
  shared,
  opened,
  initialHeaders = [],
  launchedServer,
  relayRuns,
  redirectUrl,
  name,
}: LensAppOptions) {
  const stores = createStores({ url: opened?.url ?? '', headers: initialHeaders }, shared ?? createSharedStores(effects.prefsStorage), {
    ...(opened?.tab && { tab: opened.tab }),
    tool: opened?.tool ?? null,
  });
  if (opened?.demo) stores.prefs.getState().actions.setDemo(true);
  const queryClient = createQueryClient();
  const nameOf = () =>
    name?.() ??
    connectionName(stores.connection.getState(), stores.savedServers.getState().servers, stores.sessionFile.getState().replay?.fileName);
  // Demo mode's refusals to write a file go where a note goes (the log, and the Activity strip in demo mode).
  const refuse = (reason: string) => route([{ type: 'note', time: effects.now(), level: 'warning', text: reason }]);
  // A feature's command that could not load its code (it loads on first use: features/defer-commands.ts) says so there too.
  const failedToLoad = (error: EngineError) => route([{ type: 'note', time: effects.now(), level: 'error', text: error.message }]);
  const sessionFile = lazySessionFileCommands([client, stores, queryClient, effects, refuse, nameOf], failedToLoad);
  const route = createEventRouter(stores, queryClient, sessionFile.closeSessionFile);
  const unsubscribe = client.subscribe(route);
  const stopListing = listToolsOnConnect(client, stores, queryClient);
  const connection = connectionCommands(client, stores, effects, (error) => route([{ type: 'connection', phase: 'failed', error }]));
  const savedServers = savedServerCommands(stores, effects, connection);
  const tools = toolCommands(client, stores, effects);
  const log = logCommands(client, stores, effects, refuse, nameOf);
  const sampling = samplingCommands(client, stores);
  const server = serverCommands(client, stores, queryClient);
  const conversation = playgroundConversationLoader(client, stores, effects, tools.runTool);
  const jobs = callCommands(
    client,
    stores,
    effects,
    { ...connection, ...server, runTool: tools.runTool, resendRequest: log.resendRequest },
    featureJobKinds(client, stores, effects, { draftSamplingAnswer: sampling.draftSamplingAnswer, converse: conversation.converse }),
  );
  // The commands by feature, one key per group (`commands.tools.runTool`): a record, so two groups cannot
  // share a key, and a command is named by its group. A folder with two groups of its own composes them
  // (features/compose-commands.ts), which refuses a name both have.
  const commands = {
    connection,
    savedServers,
    tools,
    log: composeCommands(log, {
      /** A line of our own in the log and timeline (an MCP App's refused request, say), through the one router. */
      note(level: 'info' | 'warning' | 'error', text: string): void {
        route([{ type: 'note', time: effects.now(), level, text }]);
      },
    }),
    jobs,
    server,
    sessionFile,
    auth: authCommands(client, stores, effects, connection.connect, redirectUrl),
    demo: demoScriptCommands(stores),
    audit: lazyAuditCommands([jobs, stores, effects, refuse, nameOf], failedToLoad),
    playground: composeCommands(playgroundCommands(client, stores, conversation, jobs), sampling),
    console: consoleCommands(client, stores, connection),
    contract: lazyContractCommands([jobs, stores, effects, refuse, nameOf], failedToLoad),
    collections: lazyCollectionCommands([client, jobs, stores, effects, nameOf], failedToLoad),
  };

  const stopClearing = clearToolOnNewServer(stores);
  const stopAutoSampling = watchSamplingAuto(stores, sampling.draftSamplingAnswer, commands.server.answerServerRequest, effects.now);
  if (opened?.connect && opened.url) savedServers.openConnectLink(opened.url, launchedServer, relayRuns);

  return {
    ...stores,
    queryClient,
    /**
     * What the tabs work against (src/app/scope.ts): the live session or the saved one, with its lists as
     * query options. The engine client itself stays inside the app: views read through the scope and act
     * through commands and jobs.
     */
    scope: (connection: LiveConnection, saved: ReplayInfo | null): Scope => scopeOf(client, connection, saved),
    commands,
    redirectUrl,
    /** What this connection is called: in the switcher, the palette and the names of the files it exports. */
    name: nameOf,
    /** The engine worker itself failed: said in the log, and as the connection's failure, through the router. */
    engineFailed(message: string) {
      const error: EngineError = { code: 'internal', message };
      route([
        { type: 'note', time: effects.now(), level: 'error', text: message },
        { type: 'connection', phase: 'failed', error },
      ]);
    },
    dispose() {
      unsubscribe();
      stopListing();
      stopClearing();
      stopAutoSampling();
      queryClient.clear();
    },
  };
}

export type LensApp = ReturnType<typeof createLensApp>;
export type Commands = LensApp['commands'];
