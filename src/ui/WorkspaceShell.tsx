import { QueryClientProvider } from '@tanstack/react-query';
import { Activity, type ReactNode } from 'react';
import { useOAuthCallback } from './auth/use-oauth-callback.ts';
import { PanelBoundary } from './common/PanelBoundary.tsx';
import { ConnectionBar } from './connect/ConnectionBar.tsx';
import { ConnectionSwitcher } from './connections/ConnectionSwitcher.tsx';
import { ConnectionView } from './ConnectionView.tsx';
import { useApplyDemo } from './demo/use-demo.ts';
import { CommandPalette } from './palette/CommandPalette.tsx';
import { AppProvider, useWorkspace, useWorkspaceState } from './services.tsx';
import { useApplyTheme } from './theme/use-theme.ts';
import { WorkspaceActions } from './workspace/WorkspaceActions.tsx';
import './common/controls.css';
import './app.css';
import './demo/demo.css';

/**
 * The workspace, rendered once: the toolbar (the connection on screen's URL, Connect and status, and the
 * workspace's own actions), the connection switcher and the command palette, then one ConnectionView per
 * open connection, only the chosen one shown. The others stay mounted but hidden (React's Activity): their
 * forms and scroll positions survive a switch, and while hidden they unsubscribe from their stores, so a
 * busy connection in the background costs no rendering. The sign-in callback is heard here, above them
 * all, so a sign-in finishes even when its connection is not the one on screen.
 */
export function WorkspaceShell() {
  const workspace = useWorkspace();
  useOAuthCallback(workspace.active().app.redirectUrl, workspace.routeAuthorizationCallback);
  const connections = useWorkspaceState((state) => state.connections);
  const activeId = useWorkspaceState((state) => state.activeId);
  return (
    <ActiveConnection>
      <Shell>
        {connections.map(({ id, app }) => (
          <Activity key={id} mode={id === activeId ? 'visible' : 'hidden'}>
            <QueryClientProvider client={app.queryClient}>
              <AppProvider app={app}>
                <ConnectionView />
              </AppProvider>
            </QueryClientProvider>
          </Activity>
        ))}
      </Shell>
    </ActiveConnection>
  );
}

/** The shell's own parts act on the connection on screen: they read it through the same hooks a view does. */
function ActiveConnection({ children }: { children: ReactNode }) {
  const connections = useWorkspaceState((state) => state.connections);
  const activeId = useWorkspaceState((state) => state.activeId);
  const app = (connections.find((connection) => connection.id === activeId) ?? connections[0]!).app;
  return (
    <QueryClientProvider client={app.queryClient}>
      <AppProvider app={app}>{children}</AppProvider>
    </QueryClientProvider>
  );
}

function Shell({ children }: { children: ReactNode }) {
  useApplyTheme();
  useApplyDemo();
  const activeId = useWorkspaceState((state) => state.activeId);
  return (
    <div className="app">
      <header className="app-header">
        <div className="brand">
          <Logo />
          <span className="brand-name">MCP Lens</span>
        </div>
        <PanelBoundary name="The connection bar">
          {/* Keyed by connection: an open settings popover or question belongs to the connection it was opened on. */}
          <ConnectionBar key={activeId} />
        </PanelBoundary>
        <WorkspaceActions />
      </header>
      <ConnectionSwitcher />
      {children}
      <CommandPalette key={activeId} />
    </div>
  );
}

function Logo() {
  return (
    <svg className="brand-logo" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="13" cy="13" r="9" fill="none" stroke="currentColor" strokeWidth="3" />
      <path d="M20 20l8 8" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" />
      <path d="M9 13h8M13 9v8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
