import { ToolResult } from '../tools/ToolResult.tsx';
import { formatTime, prettyJson } from '../common/format.ts';
import { ServerText } from '../common/ServerText.tsx';
import { useSession } from '../services.tsx';

/** The tool results that were shown in a saved session, newest first, each as the Tools view showed it. */
export function SavedResults() {
  const results = useSession((state) => state.replay?.results ?? []);
  return (
    <section className="panel saved-results" aria-label="Saved results">
      <header className="panel-header">
        <h2 className="panel-title">Tool results in this session</h2>
        <span className="muted">{results.length}</span>
      </header>
      {results.length === 0 ? (
        <p className="empty-state">No tool was run in this session.</p>
      ) : (
        <ol className="saved-results-list">
          {[...results].reverse().map((result, index) => (
            <li key={`${result.time}-${index}`}>
              <details open={index === 0}>
                <summary className="mono">
                  <ServerText text={result.tool} /> · {formatTime(result.time)}
                </summary>
                <pre className="code-block">{prettyJson(result.arguments)}</pre>
                <ToolResult status={result.outcome ? 'success' : 'error'} outcome={result.outcome} error={result.error ?? null} progress={NO_PROGRESS} />
              </details>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** A saved result is finished: there is no live progress to show. */
const NO_PROGRESS = {};
