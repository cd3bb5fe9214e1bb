/**
 * Composition root: starts the engine worker, creates the bridge and the application (src/app/) with the
 * browser's effects, and renders the app. Nothing else in src/ knows it runs in a page with a worker.
 */
import './shared/trusted-types-install.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createLensApp, type AppEffects } from './app/index.ts';
import { createEngineClient, readSessionFile, writeSessionFile } from './bridge/index.ts';
import { warmSearchText, type PrefsStorage } from './state/index.ts';
import { App } from './ui/App.tsx';
import { takeRelayToken } from './ui/connect/relay-link.ts';
import { findClientMetadataUrl } from './ui/auth/client-metadata.ts';
import { navigateToAuthorization, openAuthorizationPopup, tabStorage } from './ui/auth/open-authorization.ts';
import { downloadText } from './ui/common/download.ts';
import { AppProvider } from './ui/services.tsx';
import { resolveTheme } from './ui/theme/use-theme.ts';

const worker = new Worker(new URL('./engine/worker.ts', import.meta.url), { type: 'module', name: 'mcp-lens-engine' });
const client = createEngineClient(worker);

const effects: AppEffects = {
  now: () => Date.now(),
  yieldToUi: () => new Promise<void>((resolve) => setTimeout(resolve, 0)),
  download: (fileName, content) => downloadText(fileName, [content]),
  readSessionFile,
  writeSessionFile: (data, meta) => writeSessionFile(data, meta),
  prefsStorage: browserStorage(),
  tabStorage,
  openAuthorizationPopup,
  navigateToAuthorization,
  address: { initial: window.location.href, replace: (relative) => window.history.replaceState(null, '', relative) },
};

// The callback page sits beside index.html, so it works under whatever path the app is hosted at.
const redirectUrl = new URL('oauth-callback.html', document.baseURI).href;
const app = createLensApp({
  client,
  effects,
  initialUrl: new URLSearchParams(window.location.search).get('url') ?? '',
  // A relay link carries its token in the fragment: it goes into the connection's headers, and off the address bar.
  initialHeaders: takeRelayToken(window.location, window.history),
  redirectUrl,
});

void client.call('configureAuth', { redirectUrl });
// On an https deployment built with its public URL, the app is its own client id (CIMD); else DCR.
void findClientMetadataUrl(document.baseURI).then((clientMetadataUrl) => {
  if (clientMetadataUrl) void client.call('configureAuth', { redirectUrl, clientMetadataUrl });
});

// The first filter over a full log should be a scan, not 100,000 stringifies: build search text when idle.
warmSearchText(app.log, (work) =>
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

worker.addEventListener('error', (event) => {
  app.engineFailed(
    `The engine worker failed to start${event.message ? `: ${event.message}` : ''}. Reload the page; if it persists, check the browser console.`,
  );
});

// Set the theme before the first paint, so a dark-mode user is not flashed with white.
document.documentElement.dataset.theme = resolveTheme(
  app.prefs.getState().theme,
  window.matchMedia('(prefers-color-scheme: dark)').matches,
);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={app.queryClient}>
      <AppProvider app={app}>
        <App />
      </AppProvider>
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
