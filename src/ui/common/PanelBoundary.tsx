import { useState, type ReactNode } from 'react';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import './panel-boundary.css';

/**
 * Around every panel: a value no view expected (from a server or a crafted session file) fails that panel
 * alone, which says so and can be retried, while the rest of the app goes on working.
 */
export function PanelBoundary({ name, children }: { name: string; children: ReactNode }) {
  const [attempt, setAttempt] = useState(0);
  return (
    <ErrorBoundary
      key={attempt}
      fallback={(error) => (
        <div className="panel-failed" role="alert">
          <p>
            {name} could not be shown: {error.message || error.name}. The rest of MCP Lens still works.
          </p>
          <button type="button" className="button button-small" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </div>
      )}
    >
      {children}
    </ErrorBoundary>
  );
}
