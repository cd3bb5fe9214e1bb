import { Suspense } from 'react';
import { AuthPrompt } from './auth/AuthPrompt.tsx';
import { lazyView } from './common/lazy-view.tsx';
import { RedirectReturn } from './auth/RedirectReturn.tsx';
import { PanelBoundary } from './common/PanelBoundary.tsx';
import { ConnectFailure } from './connect/ConnectFailure.tsx';
import { useDemo } from './demo/use-demo.ts';
import { FeatureTabs } from './features/FeatureTabs.tsx';
import { PaneSplit } from './layout/PaneSplit.tsx';
import { usePresentation } from './presentation/use-presentation.ts';
import { AutoSamplingStatus } from './requests/AutoSamplingStatus.tsx';
import { ServerRequests } from './requests/ServerRequests.tsx';
import { ServerPanel } from './server/ServerPanel.tsx';
import { ReplayBanner } from './session-file/ReplayBanner.tsx';
import { StartScreen } from './saved-servers/StartScreen.tsx';
import { TrafficColumn } from './traffic/TrafficColumn.tsx';

// Demo mode's bars show only in demo mode: the first screen loads neither.
const ScriptBar = lazyView(async () => ({ default: (await import('./demo/ScriptBar.tsx')).ScriptBar })).View;
const ActivityStrip = lazyView(async () => ({ default: (await import('./demo/ActivityStrip.tsx')).ActivityStrip })).View;

/**
 * One connection's work: its banner, server card, feature tabs and traffic. The workspace shell renders
 * the header, the switcher and the palette once, above every connection (WorkspaceShell.tsx).
 */
export function ConnectionView() {
  const demo = useDemo();
  // Off the page, not only out of sight, where the policy folds the traffic away: payloads, headers and
  // session ids are then not in the DOM at all.
  const { showsTraffic } = usePresentation();
  return (
    <div className="connection-view">
      <PanelBoundary name="The saved-session banner">
        <ReplayBanner />
      </PanelBoundary>
      <PanelBoundary name="The auto-approve status">
        <AutoSamplingStatus />
      </PanelBoundary>
      {demo && (
        <PanelBoundary name="The demo script">
          <Suspense fallback={null}>
            <ScriptBar />
          </Suspense>
        </PanelBoundary>
      )}
      <PaneSplit
        main={
          <>
            <PanelBoundary name="The connect failure">
              <ConnectFailure />
            </PanelBoundary>
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
          </>
        }
        side={showsTraffic ? <TrafficColumn /> : null}
      />
      {demo && (
        <PanelBoundary name="The activity strip">
          <Suspense fallback={null}>
            <ActivityStrip />
          </Suspense>
        </PanelBoundary>
      )}
      <PanelBoundary name="The server request dialog">
        <ServerRequests />
      </PanelBoundary>
    </div>
  );
}
