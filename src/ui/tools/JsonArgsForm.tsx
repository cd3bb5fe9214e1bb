import { useId, useState, type FormEvent, type ReactNode } from 'react';

interface Props {
  value: Record<string, unknown>;
  disabled: boolean;
  onSubmit(value: Record<string, unknown>): void;
  children: ReactNode;
}

/**
 * Arguments as raw JSON: for schemas the form cannot render, and for sending arguments the schema would
 * reject (to see how the server handles them). Nothing is validated here on purpose.
 */
export function JsonArgsForm({ value, disabled, onSubmit, children }: Props) {
  const id = useId();
  const [text, setText] = useState(() => JSON.stringify(value, null, 2));
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    try {
      const parsed: unknown = JSON.parse(text === '' ? '{}' : text);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
        setError('Arguments must be a JSON object, e.g. {"city": "Paris"}.');
        return;
      }
      setError(null);
      onSubmit(parsed as Record<string, unknown>);
    } catch (parseError) {
      setError(`Not valid JSON: ${parseError instanceof Error ? parseError.message : String(parseError)}`);
    }
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
        aria-invalid={error ? true : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      {error && <p className="field-error">{error}</p>}
      {children}
    </form>
  );
}
