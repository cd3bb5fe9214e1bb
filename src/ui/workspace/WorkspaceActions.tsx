import { AddConnection } from '../connections/ConnectionSwitcher.tsx';
import { DemoToggle } from '../demo/DemoToggle.tsx';
import { ScriptHint } from '../demo/ScriptHint.tsx';
import { PanelBoundary } from '../common/PanelBoundary.tsx';
import { SessionMenu } from '../session-file/SessionMenu.tsx';
import { ThemeToggle } from '../theme/ThemeToggle.tsx';
import './workspace.css';

/**
 * What acts on the whole workspace rather than the connection on screen, as one compact icon group at the
 * end of the toolbar: session files, another connection, demo mode, the theme. Each button keeps its full
 * name for assistive technology and as its tooltip. In demo mode the presenter's hint sits under them.
 */
export function WorkspaceActions() {
  return (
    <div className="workspace-side">
      <div className="workspace-actions" role="group" aria-label="Workspace">
        <PanelBoundary name="The session menu">
          <SessionMenu />
        </PanelBoundary>
        <AddConnection />
        <DemoToggle />
        <ThemeToggle />
      </div>
      <ScriptHint />
    </div>
  );
}
