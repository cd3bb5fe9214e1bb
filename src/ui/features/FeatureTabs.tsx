import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { AuthorizationView } from '../auth/AuthorizationView.tsx';
import { PromptsView } from '../prompts/PromptsView.tsx';
import { ResourcesView } from '../resources/ResourcesView.tsx';
import { RootsView } from '../roots/RootsView.tsx';
import { LogsView } from '../server-logs/LogsView.tsx';
import { ToolsView } from '../tools/ToolsView.tsx';
import './feature-tabs.css';

interface Feature {
  name: string;
  render: () => ReactNode;
}

// Only features that work are listed; Resources, Prompts and the rest join as they are built.
const FEATURES: Feature[] = [
  { name: 'Tools', render: () => <ToolsView /> },
  { name: 'Resources', render: () => <ResourcesView /> },
  { name: 'Prompts', render: () => <PromptsView /> },
  { name: 'Logs', render: () => <LogsView /> },
  { name: 'Roots', render: () => <RootsView /> },
  { name: 'Authorization', render: () => <AuthorizationView /> },
];

/** Feature views as tabs named after MCP's features, with arrow-key navigation between tabs. */
export function FeatureTabs() {
  const baseId = useId();
  const [active, setActive] = useState(0);
  const feature = FEATURES[active] ?? FEATURES[0]!;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (delta === 0) return;
    event.preventDefault();
    const next = (active + delta + FEATURES.length) % FEATURES.length;
    setActive(next);
    document.getElementById(`${baseId}-tab-${next}`)?.focus();
  };

  return (
    <div className="panel feature-tabs">
      <div role="tablist" aria-label="MCP features" className="tablist" onKeyDown={onKeyDown}>
        {FEATURES.map((f, index) => (
          <button
            key={f.name}
            id={`${baseId}-tab-${index}`}
            type="button"
            role="tab"
            className="tab"
            aria-selected={index === active}
            aria-controls={`${baseId}-panel-${index}`}
            tabIndex={index === active ? 0 : -1}
            onClick={() => setActive(index)}
          >
            {f.name}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel-${active}`} aria-labelledby={`${baseId}-tab-${active}`} className="tabpanel">
        {feature.render()}
      </div>
    </div>
  );
}
