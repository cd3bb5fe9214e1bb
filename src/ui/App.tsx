import { AuthPrompt } from './auth/AuthPrompt.tsx';
import { RedirectReturn } from './auth/RedirectReturn.tsx';
import { PanelBoundary } from './common/PanelBoundary.tsx';
import { ConnectionBar } from './connect/ConnectionBar.tsx';
import { AddConnection, ConnectionSwitcher } from './connections/ConnectionSwitcher.tsx';
import { ActivityStrip } from './demo/ActivityStrip.tsx';
import { DemoToggle } from './demo/DemoToggle.tsx';
import { ScriptBar } from './demo/ScriptBar.tsx';
import { useApplyDemo } from './demo/use-demo.ts';
import { FeatureTabs } from './features/FeatureTabs.tsx';
import { ServerRequestsHost } from './requests/ServerRequestsHost.tsx';
import { ServerPanel } from './server/ServerPanel.tsx';
import { ReplayBanner } from './session-file/ReplayBanner.tsx';
import { SessionMenu } from './session-file/SessionMenu.tsx';
import { ThemeToggle } from './theme/ThemeToggle.tsx';
import { useApplyTheme } from './theme/use-theme.ts';
import { StartScreen } from './saved-servers/StartScreen.tsx';
import { CommandPalette } from './palette/CommandPalette.tsx';
import { NotificationsTimeline } from './timeline/NotificationsTimeline.tsx';
import { TrafficPane } from './traffic/TrafficPane.tsx';
import './common/controls.css';
import './app.css';
import './demo/demo.css';

export function App() {
  useApplyTheme();
  const demo = useApplyDemo();
  return (
    <div className="app">
      <header className="app-header">
        <div className="brand">
          <Logo />
          <span className="brand-name">MCP Lens</span>
        </div>
        <PanelBoundary name="The connection bar">
          <ConnectionBar />
        </PanelBoundary>
        <PanelBoundary name="The session menu">
          <SessionMenu />
        </PanelBoundary>
        <AddConnection />
        <DemoToggle />
        <ThemeToggle />
      </header>
      <ConnectionSwitcher />
      <PanelBoundary name="The saved-session banner">
        <ReplayBanner />
      </PanelBoundary>
      {demo && <ScriptBar />}
      <main className="app-main">
        <div className="main-pane">
          <PanelBoundary name="The sign-in result">
            <RedirectReturn />
            <AuthPrompt />
          </PanelBoundary>
          <PanelBoundary name="Saved servers">
            <StartScreen />
          </PanelBoundary>
          <PanelBoundary name="The server panel">
            <ServerPanel />
          </PanelBoundary>
          <FeatureTabs />
        </div>
        <aside className="side-pane" aria-label="Traffic">
          <PanelBoundary name="The traffic view">
            <TrafficPane />
          </PanelBoundary>
          <PanelBoundary name="The notification timeline">
            <NotificationsTimeline />
          </PanelBoundary>
        </aside>
      </main>
      {demo && <ActivityStrip />}
      <PanelBoundary name="The server request dialog">
        <ServerRequestsHost />
      </PanelBoundary>
      <CommandPalette />
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
