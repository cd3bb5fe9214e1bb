import { useEffect, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import type { SchemaCheck } from './schema-check.ts';
import { checkArgumentsOffThread } from './schema-check-client.ts';
import { describeError } from '../../shared/read.ts';

interface Props {
  /** The tool's inputSchema: parsed arguments are checked against it as you type (advice, not a gate). */
  schema: Record<string, unknown>;
  text: string;
  onTextChange(text: string): void;
  disabled: boolean;
  onSubmit(value: Record<string, unknown>): void;
  children: ReactNode;
}

/** Parses the editor's text: an object, or a message saying what is wrong. Empty text means `{}`. */
export function parseArgs(text: string): { ok: true; value: Record<string, unknown> } | { ok: false; message: string } {
  try {
    const parsed: unknown = JSON.parse(text.trim() === '' ? '{}' : text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      return { ok: false, message: 'Arguments must be a JSON object, e.g. {"city": "Paris"}.' };
    }
    return { ok: true, value: parsed as Record<string, unknown> };
  } catch (error) {
    return { ok: false, message: `Not valid JSON: ${describeError(error)}` };
  }
}

/**
 * Arguments as raw JSON: for schemas the form cannot render, and for sending arguments the schema would
 * reject (to see how the server handles them). Not checked against the schema on purpose. Controlled by the
 * parent so switching to the form and back loses nothing; text that does not parse is never sent.
 */
export function JsonArgsForm({ schema, text, onTextChange, disabled, onSubmit, children }: Props) {
  const id = useId();
  const parsed = useMemo(() => parseArgs(text), [text]);
  const check = useSchemaCheck(schema, parsed.ok ? parsed.value : undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (parsed.ok) onSubmit(parsed.value);
    else document.getElementById(id)?.focus();
  };
  return (
    <form className="json-args" onSubmit={submit} noValidate>
      <label htmlFor={id} className="field-label">
        Arguments (JSON)
      </label>
      <textarea
        id={id}
        className="input mono json-args-input"
        rows={8}
        spellCheck={false}
        value={text}
        disabled={disabled}
        aria-invalid={parsed.ok ? undefined : true}
        aria-describedby={parsed.ok ? undefined : `${id}-error`}
        onChange={(event) => onTextChange(event.target.value)}
      />
      {!parsed.ok && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {parsed.message} Fix it to run the tool — nothing is sent until it parses.
        </p>
      )}
      {parsed.ok && check && check.problems.length > 0 && (
        <div className="hint" role="note" aria-label="Schema check">
          <p>Does not match the input schema (it will still be sent as written):</p>
          <ul>
            {check.problems.map((problem, index) => (
              <li key={index} className="mono">
                {problem}
              </li>
            ))}
          </ul>
        </div>
      )}
      {parsed.ok && check?.note && <p className="hint">{check.note}</p>}
      {children}
    </form>
  );
}

/** Ajv's verdict on the parsed arguments, debounced, from a worker: a big schema compiles there, not here. */
function useSchemaCheck(schema: Record<string, unknown>, value: Record<string, unknown> | undefined): SchemaCheck | null {
  const [check, setCheck] = useState<{ value: Record<string, unknown>; result: SchemaCheck } | null>(null);
  useEffect(() => {
    if (value === undefined) return;
    let live = true;
    const timer = setTimeout(() => {
      checkArgumentsOffThread(schema, value)
        .then((result) => {
          if (live) setCheck({ value, result });
        })
        .catch(() => undefined);
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [schema, value]);
  return check && check.value === value ? check.result : null;
}
