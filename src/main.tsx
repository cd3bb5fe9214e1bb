/**
 * Composition root: starts the engine worker, creates the bridge, stores and QueryClient, wires engine
 * events into them, and renders the app. The only file that connects the bridge to the stores.
 */
import './shared/trusted-types-install.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createEngineClient } from './bridge/index.ts';
import { createQueryClient, forgetSession, wireInvalidation, wireResourceUpdates, type CallToolVariables } from './queries/index.ts';
import {
  createAuthStore,
  createClientFeaturesStore,
  persistClientFeatures,
  persistEraChoice,
  createConnectionStore,
  createHttpStore,
  createLogStore,
  createPrefsStore,
  createServerFeedStore,
  createServerRequestsStore,
  createSessionStore,
  warmSearchText,
  type PrefsStorage,
} from './state/index.ts';
import type { ToolCallOutcome } from './shared/model.ts';
import { closeSession } from './ui/session/session-file-actions.ts';
import { App } from './ui/App.tsx';
import { takeRelayToken } from './ui/connect/relay-link.ts';
import { findClientMetadataUrl } from './ui/auth/client-metadata.ts';
import { ServicesProvider, type AppServices } from './ui/services.tsx';
import { resolveTheme } from './ui/theme/use-theme.ts';

const worker = new Worker(new URL('./engine/worker.ts', import.meta.url), { type: 'module', name: 'mcp-lens-engine' });
const client = createEngineClient(worker);

const connection = createConnectionStore({
  url: new URLSearchParams(window.location.search).get('url') ?? '',
  headers: takeRelayToken(window.location, window.history),
});
const log = createLogStore();
const http = createHttpStore();
const session = createSessionStore();
// The first filter over a full log should be a scan, not 100,000 stringifies: build search text when idle.
warmSearchText(log, (work) =>
  typeof requestIdleCallback === 'function'
    ? requestIdleCallback(
        (deadline) => {
          // Idle periods run up to 50 ms; a click landing in one would wait that long. Slices stay short.
          const until = performance.now() + Math.min(10, deadline.timeRemaining());
          work(() => until - performance.now());
        },
        { timeout: 2000 },
      )
    : // Safari has no requestIdleCallback: small slices on a timer instead.
      void setTimeout(() => {
        const until = performance.now() + 8;
        work(() => until - performance.now());
      }, 50),
);
const prefs = createPrefsStore(browserStorage());
const feed = createServerFeedStore();
const requests = createServerRequestsStore();
const clientFeatures = createClientFeaturesStore();
persistClientFeatures(clientFeatures, prefs);
persistEraChoice(connection, prefs);
const queryClient = createQueryClient();
const auth = createAuthStore();
// The callback page sits beside index.html, so it works under whatever path the app is hosted at.
const oauthRedirectUrl = new URL('oauth-callback.html', document.baseURI).href;
void client.call('configureAuth', { redirectUrl: oauthRedirectUrl });
// On an https deployment built with its public URL, the app is its own client id (CIMD); else DCR.
void findClientMetadataUrl(document.baseURI).then((clientMetadataUrl) => {
  if (clientMetadataUrl) void client.call('configureAuth', { redirectUrl: oauthRedirectUrl, clientMetadataUrl });
});

client.subscribe((events) => {
  // Connecting leaves a saved session being browsed: live traffic never mixes into it.
  if (session.getState().replay && events.some((event) => event.type === 'connection' && event.phase === 'connecting'))
    closeSession(services);
  log.getState().actions.appendEvents(events);
  http.getState().actions.appendEvents(events);
  connection.getState().actions.applyEvents(events);
  requests.getState().actions.applyEvents(events);
  auth.getState().actions.applyEvents(events);
  wireInvalidation(queryClient, events);
  feed.getState().actions.appendEvents(events);
  wireResourceUpdates(queryClient, events);
});

// Tool results shown in this session, so a saved session file has them (see ui/session).
queryClient.getMutationCache().subscribe((event) => {
  if (event.type !== 'updated' || event.mutation.options.mutationKey?.[1] !== 'tools/call') return;
  const { status, variables, data, error, submittedAt } = event.mutation.state;
  const params = (variables as CallToolVariables | undefined)?.params;
  if (!params || (event.action.type !== 'success' && event.action.type !== 'error')) return;
  session.getState().actions.recordResult({
    time: submittedAt,
    tool: params.name,
    arguments: params.arguments,
    ...(status === 'success' ? { outcome: data as ToolCallOutcome } : { error: error as never }),
  });
});

// A session that ended (server gone, Disconnect) leaves no stale lists behind.
connection.subscribe((state, previous) => {
  if (previous.phase === 'connected' && state.phase !== 'connected') forgetSession(queryClient);
});

worker.addEventListener('error', (event) => {
  const text = `The engine worker failed to start${event.message ? `: ${event.message}` : ''}. Reload the page; if it persists, check the browser console.`;
  log.getState().actions.appendEvents([{ type: 'note', time: Date.now(), level: 'error', text }]);
  connection.getState().actions.failed({ code: 'internal', message: text });
});

// Set the theme before the first paint, so a dark-mode user is not flashed with white.
document.documentElement.dataset.theme = resolveTheme(prefs.getState().theme, window.matchMedia('(prefers-color-scheme: dark)').matches);

const services: AppServices = { client, connection, log, prefs, http, session, feed, requests, clientFeatures, auth, oauthRedirectUrl };

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ServicesProvider services={services}>
        <App />
      </ServicesProvider>
    </QueryClientProvider>
  </StrictMode>,
);

function browserStorage(): PrefsStorage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // storage disabled: preferences last for this page only
  }
}
