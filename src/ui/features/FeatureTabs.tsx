import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { AppsView } from '../apps/AppsView.tsx';
import { TasksView } from '../tasks/TasksView.tsx';
import { AuthorizationView } from '../auth/AuthorizationView.tsx';
import { PromptsView } from '../prompts/PromptsView.tsx';
import { ResourcesView } from '../resources/ResourcesView.tsx';
import { RootsView } from '../roots/RootsView.tsx';
import { LogsView } from '../server-logs/LogsView.tsx';
import { ToolsView } from '../tools/ToolsView.tsx';
import { useSession } from '../services.tsx';
import './feature-tabs.css';

interface Feature {
  name: string;
  render: () => ReactNode;
  /** Rebuilt from a saved session file, so it is offered (read-only) while one is open. */
  replay?: true;
}

// Only features that work are listed; Resources, Prompts and the rest join as they are built.
const FEATURES: Feature[] = [
  { name: 'Tools', render: () => <ToolsView />, replay: true },
  { name: 'Resources', render: () => <ResourcesView />, replay: true },
  { name: 'Prompts', render: () => <PromptsView />, replay: true },
  { name: 'Apps', render: () => <AppsView /> },
  { name: 'Tasks', render: () => <TasksView /> },
  { name: 'Logs', render: () => <LogsView /> },
  { name: 'Roots', render: () => <RootsView /> },
  { name: 'Authorization', render: () => <AuthorizationView /> },
];

/** Feature views as tabs; a saved session being browsed shows only the ones a file can rebuild. */
export function FeatureTabs() {
  // A new saved session (or going live again) starts with fresh panels: nothing of the last one lingers.
  const replayKey = useSession((state) => state.replay?.key ?? null);
  const features = replayKey === null ? FEATURES : FEATURES.filter((feature) => feature.replay);
  return <Tabs key={replayKey ?? 'live'} features={features} />;
}

/**
 * The ARIA tabs pattern with arrow keys. Panels stay mounted once visited and are hidden with the `hidden`
 * attribute, so switching tabs keeps a half-filled form, a selection or a scroll position, and hidden panels
 * leave the accessibility tree (only the active panel's "Run tool" or "Result" is found by role).
 */
function Tabs({ features }: { features: Feature[] }) {
  const baseId = useId();
  const [active, setActive] = useState(0);
  const [visited, setVisited] = useState<ReadonlySet<number>>(() => new Set([0]));

  const choose = (index: number) => {
    setActive(index);
    setVisited((current) => (current.has(index) ? current : new Set(current).add(index)));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const jump = event.key === 'Home' ? 0 : event.key === 'End' ? features.length - 1 : null;
    if (delta === 0 && jump === null) return;
    event.preventDefault();
    const next = jump ?? (active + delta + features.length) % features.length;
    choose(next);
    document.getElementById(`${baseId}-tab-${next}`)?.focus();
  };

  return (
    <div className="panel feature-tabs">
      <div role="tablist" aria-label="MCP features" className="tablist" onKeyDown={onKeyDown}>
        {features.map((f, index) => (
          <button
            key={f.name}
            id={`${baseId}-tab-${index}`}
            type="button"
            role="tab"
            className="tab"
            aria-selected={index === active}
            aria-controls={`${baseId}-panel-${index}`}
            tabIndex={index === active ? 0 : -1}
            onClick={() => choose(index)}
          >
            {f.name}
          </button>
        ))}
      </div>
      {features.map((f, index) => (
        <div
          key={f.name}
          role="tabpanel"
          id={`${baseId}-panel-${index}`}
          aria-labelledby={`${baseId}-tab-${index}`}
          className="tabpanel"
          hidden={index !== active}
        >
          {visited.has(index) ? f.render() : null}
        </div>
      ))}
    </div>
  );
}
