import { QueryClientProvider } from '@tanstack/react-query';
import { Activity } from 'react';
import { App } from './App.tsx';
import { useOAuthCallback } from './auth/use-oauth-callback.ts';
import { AppProvider, useWorkspace, useWorkspaceState } from './services.tsx';

/**
 * Every open connection's app, only the chosen one shown. The others stay mounted but hidden (React's
 * Activity): their forms and scroll positions survive a switch, and while hidden they unsubscribe from
 * their stores, so a busy connection in the background costs no rendering. The sign-in callback is heard
 * here, above them all, so a sign-in finishes even when its connection is not the one on screen.
 */
export function WorkspaceView() {
  const workspace = useWorkspace();
  useOAuthCallback(workspace.active().app.redirectUrl, workspace.routeAuthorizationCallback);
  const connections = useWorkspaceState((state) => state.connections);
  const activeId = useWorkspaceState((state) => state.activeId);
  return connections.map(({ id, app }) => (
    <Activity key={id} mode={id === activeId ? 'visible' : 'hidden'}>
      <QueryClientProvider client={app.queryClient}>
        <AppProvider app={app}>
          <App />
        </AppProvider>
      </QueryClientProvider>
    </Activity>
  ));
}
