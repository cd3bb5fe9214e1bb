/**
 * Composition root: starts the engine worker, creates the bridge, stores and QueryClient, wires engine
 * events into them, and renders the app. The only file that connects the bridge to the stores.
 */
import './shared/trusted-types-install.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createEngineClient } from './bridge/index.ts';
import { createQueryClient, forgetSession, wireInvalidation, wireResourceUpdates } from './queries/index.ts';
import {
  createAuthStore,
  createClientFeaturesStore,
  createConnectionStore,
  createLogStore,
  createPrefsStore,
  createServerFeedStore,
  createServerRequestsStore,
  type PrefsStorage,
} from './state/index.ts';
import { App } from './ui/App.tsx';
import { findClientMetadataUrl } from './ui/auth/client-metadata.ts';
import { ServicesProvider, type AppServices } from './ui/services.tsx';
import { resolveTheme } from './ui/theme/use-theme.ts';

const worker = new Worker(new URL('./engine/worker.ts', import.meta.url), { type: 'module', name: 'mcp-lens-engine' });
const client = createEngineClient(worker);

const connection = createConnectionStore({ url: new URLSearchParams(window.location.search).get('url') ?? '' });
const log = createLogStore();
const prefs = createPrefsStore(browserStorage());
const feed = createServerFeedStore();
const requests = createServerRequestsStore();
const clientFeatures = createClientFeaturesStore();
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
  log.getState().actions.appendEvents(events);
  connection.getState().actions.applyEvents(events);
  requests.getState().actions.applyEvents(events);
  auth.getState().actions.applyEvents(events);
  wireInvalidation(queryClient, events);
  feed.getState().actions.appendEvents(events);
  wireResourceUpdates(queryClient, events);
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
document.documentElement.dataset.theme = resolveTheme(
  prefs.getState().theme,
  window.matchMedia('(prefers-color-scheme: dark)').matches,
);

const services: AppServices = { client, connection, log, prefs, feed, requests, clientFeatures, auth, oauthRedirectUrl };

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
