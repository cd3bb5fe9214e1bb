import { ToolResult } from '../tools/ToolResult.tsx';
import { formatTime, prettyJson } from '../common/format.ts';
import { ServerText } from '../common/ServerText.tsx';
import { useStoreOf } from '../services.tsx';

/**
 * The tool results that were shown in a saved session, newest first, each as the Tools view showed it. It
 * fills the Tools tab's detail pane until a tool is chosen; each result leads to its tool.
 */
export function SavedResults({ onSelectTool }: { onSelectTool?: (name: string) => void }) {
  const results = useStoreOf('sessionFile', (state) => state.replay?.results ?? []);
  return (
    <section className="saved-results" aria-label="Saved results">
      <header className="saved-results-head">
        <h3 className="section-title">Tool results in this session</h3>
        <span className="muted">{results.length}</span>
      </header>
      {results.length === 0 ? (
        <p className="muted">No tool was run in this session.</p>
      ) : (
        <>
          {onSelectTool && <p className="muted">Select a tool by its name to see its form, schema and saved results.</p>}
          <ol className="saved-results-list">
            {[...results].reverse().map((result, index) => (
              <li key={`${result.time}-${index}`}>
                <details open={index === 0}>
                  <summary className="mono">
                    <ServerText text={result.tool} /> · {formatTime(result.time)}
                  </summary>
                  {onSelectTool && (
                    <button type="button" className="button button-small" onClick={() => onSelectTool(result.tool)}>
                      Open <ServerText text={result.tool} />
                    </button>
                  )}
                  <pre className="code-block">{prettyJson(result.arguments)}</pre>
                  <ToolResult
                    status={result.outcome ? 'success' : 'error'}
                    outcome={result.outcome}
                    error={result.error ?? null}
                    progress={NO_PROGRESS}
                  />
                </details>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

/** A saved result is finished: there is no live progress to show. */
const NO_PROGRESS = {};
