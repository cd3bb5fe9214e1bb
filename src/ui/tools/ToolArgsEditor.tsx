import { Suspense, useMemo, useState, type ReactNode } from 'react';
import { ErrorBoundary } from '../common/ErrorBoundary.tsx';
import { lazyView } from '../common/lazy-view.tsx';
import { detectDialect } from '../schema-form/dialect.ts';
import { formBudget } from '../schema-form/form-budget.ts';
import { JsonArgsForm, parseArgs } from '../schema-form/JsonArgsForm.tsx';

// Its own chunk (the form and its validators), fetched once the tool list is on screen (ConnectedTools), so the
// first tool selected shows its form at once instead of a fallback and React's 300 ms hold after it.
const toolForm = lazyView(() => import('../schema-form/ToolForm.tsx'));
const ToolForm = toolForm.View;
export const preloadToolForm = toolForm.preload;

type Mode = 'form' | 'json';

function takesNoArguments(schema: Record<string, unknown>): boolean {
  const properties = schema.properties;
  const hasProperties = typeof properties === 'object' && properties !== null && Object.keys(properties).length > 0;
  const composed = ['oneOf', 'anyOf', 'allOf', 'if', '$ref', 'patternProperties'].some((key) => key in schema);
  const open = schema.additionalProperties !== undefined && schema.additionalProperties !== false;
  return !hasProperties && !composed && !open;
}

interface Props {
  schema: Record<string, unknown>;
  disabled: boolean;
  onSubmit(value: Record<string, unknown>): void;
  /** Run tool / Cancel, rendered inside whichever editor is showing. */
  buttons: ReactNode;
  /** Arguments to start from (a saved run being looked at). */
  initial?: Record<string, unknown> | undefined;
}

/**
 * The arguments: a form generated from the inputSchema, or raw JSON. Both edit the same arguments, so
 * switching keeps what was typed; JSON that does not parse keeps you in the JSON editor rather than being
 * dropped or replaced by the form's older values.
 */
export function ToolArgsEditor({ schema, disabled, onSubmit, buttons, initial }: Props) {
  const dialect = useMemo(() => detectDialect(schema), [schema]);
  const budget = useMemo(() => formBudget(schema), [schema]);
  const [mode, setMode] = useState<Mode>(dialect.known && budget.ok ? 'form' : 'json');
  const [args, setArgs] = useState<Record<string, unknown>>(initial ?? {});
  const [jsonText, setJsonText] = useState(() => (initial ? JSON.stringify(initial, null, 2) : '{}'));
  const [switchError, setSwitchError] = useState<string | null>(null);

  const toJson = () => {
    setJsonText(JSON.stringify(args, null, 2));
    setSwitchError(null);
    setMode('json');
  };
  const toForm = () => {
    const parsed = parseArgs(jsonText);
    if (!parsed.ok) {
      setSwitchError('The JSON does not parse, so the form cannot show it. Fix it first (your text is kept).');
      return;
    }
    setArgs(parsed.value);
    setSwitchError(null);
    setMode('form');
  };
  const submit = (value: Record<string, unknown>) => {
    setArgs(value);
    onSubmit(value);
  };

  const json = (
    <JsonArgsForm schema={schema} text={jsonText} onTextChange={setJsonText} disabled={disabled} onSubmit={submit}>
      {buttons}
    </JsonArgsForm>
  );

  return (
    <>
      <div className="tool-args-head">
        <h4 className="section-subtitle">Arguments</h4>
        <div className="segmented" role="group" aria-label="Arguments editor">
          <button type="button" aria-pressed={mode === 'form'} disabled={!budget.ok} onClick={() => mode !== 'form' && toForm()}>
            Form
          </button>
          <button type="button" aria-pressed={mode === 'json'} onClick={() => mode !== 'json' && toJson()}>
            JSON
          </button>
        </div>
      </div>
      {!dialect.known && (
        <p className="hint" role="note">
          The schema declares {String(schema.$schema)}, a JSON Schema dialect MCP Lens cannot check faithfully (it supports 2020-12, 2019-09
          and draft-07). Use the JSON editor; the form is offered but its checks may be wrong.
        </p>
      )}
      {!budget.ok && (
        <p className="hint" role="note">
          {budget.reason} Use the JSON editor: it checks the arguments against the schema as you type.
        </p>
      )}
      {switchError && (
        <p className="field-error" role="alert">
          {switchError}
        </p>
      )}
      {mode === 'json' || !budget.ok ? (
        json
      ) : takesNoArguments(schema) ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit({});
          }}
        >
          <p className="muted">This tool takes no arguments.</p>
          {buttons}
        </form>
      ) : (
        <ErrorBoundary
          fallback={(error) => (
            <div className="form-fallback">
              <p className="field-error">The form could not be built from this schema ({error.message}). Use the JSON editor instead.</p>
              {json}
            </div>
          )}
        >
          <Suspense fallback={<p className="muted">Loading form…</p>}>
            <ToolForm schema={schema} value={args} disabled={disabled} onChange={setArgs} onSubmit={submit}>
              {buttons}
            </ToolForm>
          </Suspense>
        </ErrorBoundary>
      )}
    </>
  );
}
