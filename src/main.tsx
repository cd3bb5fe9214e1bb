/**
 * Composition root: creates the workspace (src/app/) with the browser's effects and a way to start one engine
 * worker per connection, and renders it. Nothing else in src/ knows it runs in a page with a worker.
 */
import './shared/trusted-types/trusted-types-install.ts';
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { createWorkspace, type AppEffects, type Engine, type WorkspaceState } from './app/index.ts';
import { createEngineClient, readSessionFile, writeSessionFile } from './bridge/index.ts';
import { warmSearchText, type PrefsStorage } from './state/index.ts';
import { takeRelayLink } from './ui/connect/relay-link.ts';
import type { ToEngine } from './shared/boundary.ts';
import { LAUNCH_META } from './shared/relay.ts';
import { findClientMetadataUrl } from './ui/auth/client-metadata.ts';
import { navigateToAuthorization, openAuthorizationPopup, tabStorage } from './ui/auth/open-authorization.ts';
import { downloadText } from './ui/common/download.ts';
import { WorkspaceProvider } from './ui/services.tsx';
import { resolveTheme, systemIsDark } from './ui/theme/use-theme.ts';
import { WorkspaceShell } from './ui/WorkspaceShell.tsx';

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
// On an https deployment built with its public URL, the app is its own client id (CIMD); else DCR. Looked up once.
const clientMetadataUrl = findClientMetadataUrl(document.baseURI);

/** One engine worker per connection, so one server's flood is parsed off the main thread and away from the others. */
function startEngine(onFailure: (message: string) => void): Engine {
  const worker = new Worker(new URL('./engine/worker.ts', import.meta.url), { type: 'module', name: 'mcp-lens-engine' });
  const client = createEngineClient(worker);
  worker.addEventListener('error', (event) => {
    onFailure(
      `The engine worker failed to start${event.message ? `: ${event.message}` : ''}. Reload the page; if it persists, check the browser console.`,
    );
  });
  void client.call('configureAuth', { redirectUrl });
  void clientMetadataUrl.then((found) => {
    if (found) void client.call('configureAuth', { redirectUrl, clientMetadataUrl: found });
  });
  // Once the first screen is painted, the worker pays its first connect's compiling ahead (src/engine/warm-up.ts),
  // on its own thread, while the person reads the page; a Connect stops it, and one that came first skips it.
  const cancelWarm = afterFirstPaint(() => worker.postMessage({ kind: 'warm' } satisfies ToEngine));
  return {
    client,
    stop() {
      cancelWarm();
      client.dispose();
      worker.terminate();
    },
  };
}

// A relay link carries its token in the fragment: it goes into the connection's headers, and off the address bar.
const relayLink = takeRelayLink(window.location, window.history);

/** Resolves once React has committed the first screen (`FirstScreen` below), so the page's own work comes first. */
let firstScreenShown!: () => void;
const firstScreen = new Promise<void>((resolve) => (firstScreenShown = resolve));

/**
 * Runs `work` in a task after the first screen was committed and painted: not idle time, which on a busy page
 * comes up to a second later, when a quick person (or test) has already pressed Connect. Returns the cancel.
 */
function afterFirstPaint(work: () => void): () => void {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  void firstScreen.then(() => {
    if (!cancelled) timer = setTimeout(work, 0);
  });
  return () => {
    cancelled = true;
    clearTimeout(timer);
  };
}

const workspace = createWorkspace({
  startEngine,
  effects,
  delay: (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
  redirectUrl,
  initialHeaders: relayLink.headers,
  relayRuns: relayLink.runs,
  // The server this page's own server started for it (npx mcp-lens -- <command>): a link to it connects at once.
  launchedServer: document.querySelector(`meta[name="${LAUNCH_META}"]`)?.getAttribute('content') ?? undefined,
});

// The first filter over a full log should be a scan, not 100,000 stringifies: build search text when idle.
const warmed = new WeakSet<object>();
const warmLogs = ({ connections }: WorkspaceState) => {
  for (const { app } of connections) {
    if (warmed.has(app.log)) continue;
    warmed.add(app.log);
    warmSearchText(app.log, whenIdle);
  }
};
warmLogs(workspace.store.getState());
workspace.store.subscribe(warmLogs);

// Set the theme before the first paint, so a dark-mode user is not flashed with white.
document.documentElement.dataset.theme = resolveTheme(workspace.shared.prefs.getState().theme, systemIsDark());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <WorkspaceProvider workspace={workspace}>
      <WorkspaceShell />
      <FirstScreen />
    </WorkspaceProvider>
  </StrictMode>,
);

/** Runs `work` in idle time, in slices short enough that a click landing in one does not wait. */
function whenIdle(work: (timeLeft: () => number) => void): void {
  if (typeof requestIdleCallback === 'function') {
    requestIdleCallback(
      (deadline) => {
        // Idle periods run up to 50 ms; a click landing in one would wait that long. Slices stay short.
        const until = performance.now() + Math.min(6, deadline.timeRemaining());
        work(() => until - performance.now());
      },
      { timeout: 2000 },
    );
    return;
  }
  // Safari has no requestIdleCallback: small slices on a timer instead.
  setTimeout(() => {
    const until = performance.now() + 8;
    work(() => until - performance.now());
  }, 50);
}

function browserStorage(): PrefsStorage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // storage disabled: preferences last for this page only
  }
}

/** Marks the first commit: its effect runs after React has put the first screen in the document. */
function FirstScreen() {
  useEffect(() => firstScreenShown(), []);
  return null;
}
