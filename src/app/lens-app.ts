/**
 * The application layer: the stores, the query cache, the event router and the commands, put together
 * without React. Components call these commands and read the stores through selector hooks; nothing in
 * src/ui talks to the bridge. Tested in Node against the real engine over a MessageChannel (app.test.ts).
 */
import type { EngineClient } from '../bridge/index.ts';
import { createQueryClient } from '../queries/index.ts';
import type { EngineError } from '../shared/errors.ts';
import type { HeaderPair } from '../shared/model.ts';
import { readAddress } from './address.ts';
import { clearToolOnNewServer, syncAddress } from './address-sync.ts';
import { authCommands } from './auth-commands.ts';
import { connectionCommands } from './connection-commands.ts';
import type { AppEffects } from './effects.ts';
import { demoScriptCommands } from './demo-script.ts';
import { createEventRouter } from './event-router.ts';
import { serverCommands } from './server-commands.ts';
import { sessionCommands } from './session-commands.ts';
import { createStores } from './stores.ts';
import { toolCommands } from './tool-commands.ts';
import { workspaceCommands } from './workspace-commands.ts';

export interface LensAppOptions {
  client: EngineClient;
  effects: AppEffects;
  /** The server URL the page was opened with (`?url=`), to prefill the connection bar. */
  initialUrl?: string;
  /** Headers to start with (a relay link's token). */
  initialHeaders?: HeaderPair[];
  /** Where the authorization server sends the browser back: the app's callback page, absolute. */
  redirectUrl: string;
}

export function createLensApp({ client, effects, initialUrl = '', initialHeaders = [], redirectUrl }: LensAppOptions) {
  const opened = effects.address ? readAddress(effects.address.initial) : undefined;
  const stores = createStores({ url: initialUrl, headers: initialHeaders }, effects.prefsStorage, {
    ...(opened?.tab && { tab: opened.tab }),
    tool: opened?.tool ?? null,
  });
  if (opened?.demo) stores.prefs.getState().actions.setDemo(true);
  const queryClient = createQueryClient();
  const session = sessionCommands(client, stores, queryClient, effects);
  const route = createEventRouter(stores, queryClient, session.closeSession);
  const unsubscribe = client.subscribe(route);
  const connection = connectionCommands(client, stores, effects, (error) => route([{ type: 'connection', phase: 'failed', error }]));
  const workspace = workspaceCommands(stores, effects, connection);
  const commands = {
    ...connection,
    ...workspace,
    ...toolCommands(client, stores, effects),
    ...serverCommands(client, stores, queryClient),
    ...session,
    ...authCommands(client, stores, effects, connection.connect, redirectUrl),
    ...demoScriptCommands(stores),
  };

  const stopClearing = clearToolOnNewServer(stores);
  const stopAddressSync = effects.address ? syncAddress(stores, effects.address.replace) : () => undefined;
  if (opened?.connect && opened.url) workspace.openConnectLink(opened.url);

  return {
    ...stores,
    queryClient,
    /** The live engine. Views reach it only through the scope and the query option factories. */
    client,
    commands,
    redirectUrl,
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
      stopAddressSync();
      stopClearing();
      queryClient.clear();
    },
  };
}

export type LensApp = ReturnType<typeof createLensApp>;
export type Commands = LensApp['commands'];
