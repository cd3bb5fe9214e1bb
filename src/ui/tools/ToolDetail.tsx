import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { callToolMutationOptions } from '../../queries/index.ts';
import type { Tool } from '../../shared/model.ts';
import { ErrorBoundary } from '../common/ErrorBoundary.tsx';
import { prettyJson } from '../common/format.ts';
import { ServerIcon } from '../common/Icon.tsx';
import { ServerText } from '../common/ServerText.tsx';
import { useEngineClient } from '../services.tsx';
import { HintBadges } from './HintBadges.tsx';
import { JsonArgsForm } from './JsonArgsForm.tsx';
import { displayTitle } from './tool-meta.ts';
import { ToolResult } from './ToolResult.tsx';

const ToolForm = lazy(() => import('./ToolForm.tsx'));

type Mode = 'form' | 'json';

function takesNoArguments(schema: Record<string, unknown>): boolean {
  const properties = schema.properties;
  const hasProperties = typeof properties === 'object' && properties !== null && Object.keys(properties).length > 0;
  const composed = ['oneOf', 'anyOf', 'allOf', 'if', '$ref', 'patternProperties'].some((key) => key in schema);
  const open = schema.additionalProperties !== undefined && schema.additionalProperties !== false;
  return !hasProperties && !composed && !open;
}

/** The selected tool: what it is, its arguments, Run tool, and the Result. Keyed by tool name by the parent. */
export function ToolDetail({ tool }: { tool: Tool }) {
  const client = useEngineClient();
  const mutation = useMutation(callToolMutationOptions(client));
  const [mode, setMode] = useState<Mode>('form');
  const [args, setArgs] = useState<Record<string, unknown>>({});
  const controller = useRef<AbortController | null>(null);
  const schema = typeof tool.inputSchema === 'object' && tool.inputSchema !== null ? tool.inputSchema : { type: 'object' };
  const title = displayTitle(tool);
  const running = mutation.isPending;

  // Leaving the tool (or the page) cancels a call still running, so the server is told to stop.
  useEffect(() => () => controller.current?.abort(), []);

  const run = (value: Record<string, unknown>) => {
    setArgs(value);
    controller.current?.abort();
    const next = new AbortController();
    controller.current = next;
    mutation.mutate({ params: { name: tool.name, arguments: value }, signal: next.signal });
  };

  const buttons = (
    <div className="tool-actions">
      <button type="submit" className="button button-primary" disabled={running}>
        Run tool
      </button>
      {running && (
        <button type="button" className="button" onClick={() => controller.current?.abort()}>
          Cancel
        </button>
      )}
    </div>
  );

  return (
    <section className="tool-detail" aria-labelledby="tool-detail-title">
      <header className="tool-detail-header">
        <ServerIcon icons={tool.icons} label={String(tool.name)} />
        <div>
          <h3 id="tool-detail-title" className="tool-detail-title">
            <ServerText text={title} />
          </h3>
          {title !== tool.name && (
            <div className="mono muted">
              <ServerText text={tool.name} />
            </div>
          )}
        </div>
        <HintBadges tool={tool} />
      </header>
      {tool.description && (
        <p className="tool-description">
          <ServerText text={tool.description} />
        </p>
      )}

      <div className="tool-args">
        <div className="tool-args-head">
          <h4 className="section-subtitle">Arguments</h4>
          <div className="segmented" role="group" aria-label="Arguments editor">
            <button type="button" aria-pressed={mode === 'form'} onClick={() => setMode('form')}>
              Form
            </button>
            <button type="button" aria-pressed={mode === 'json'} onClick={() => setMode('json')}>
              JSON
            </button>
          </div>
        </div>
        {mode === 'json' ? (
          <JsonArgsForm value={args} disabled={running} onSubmit={run}>
            {buttons}
          </JsonArgsForm>
        ) : takesNoArguments(schema) ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              run({});
            }}
          >
            <p className="muted">This tool takes no arguments.</p>
            {buttons}
          </form>
        ) : (
          <ErrorBoundary
            fallback={(error) => (
              <div className="form-fallback">
                <p className="field-error">
                  The form could not be built from this schema ({error.message}). Use the JSON editor instead.
                </p>
                <JsonArgsForm value={args} disabled={running} onSubmit={run}>
                  {buttons}
                </JsonArgsForm>
              </div>
            )}
          >
            <Suspense fallback={<p className="muted">Loading form…</p>}>
              <ToolForm schema={schema} value={args} disabled={running} onChange={setArgs} onSubmit={run}>
                {buttons}
              </ToolForm>
            </Suspense>
          </ErrorBoundary>
        )}
        <details className="schema-details">
          <summary>Input schema</summary>
          <pre className="code-block">{prettyJson(tool.inputSchema)}</pre>
        </details>
        {tool.outputSchema && (
          <details className="schema-details">
            <summary>Output schema</summary>
            <pre className="code-block">{prettyJson(tool.outputSchema)}</pre>
          </details>
        )}
      </div>

      <ToolResult status={mutation.status} outcome={mutation.data} error={mutation.error} onRetry={() => run(args)} />
    </section>
  );
}
