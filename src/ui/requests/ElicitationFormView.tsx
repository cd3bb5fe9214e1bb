import { useId, useMemo, useState, type FormEvent } from 'react';
import type { PendingServerRequest } from '../../shared/client-features.ts';
import {
  initialValues,
  readRequestedSchema,
  toContent,
  type ElicitField,
  type FieldValue,
  type FormValues,
} from '../../shared/elicitation-schema.ts';
import { ownValue } from '../../shared/own.ts';
import { compileServerPattern } from '../../shared/server-pattern.ts';
import { prettyJson } from '../common/format.ts';
import { ServerText } from '../common/ServerText.tsx';
import { ElicitationActions } from './ElicitationActions.tsx';
import { useAnswer } from './use-answer.ts';

/** Form mode: the server's restricted schema as plain controls, every default prefilled, validated before Accept. */
export function ElicitationFormView({ request }: { request: PendingServerRequest }) {
  const { send, sending, error } = useAnswer(request.id);
  const params = request.params as { message?: unknown; requestedSchema?: unknown };
  const read = useMemo(() => readRequestedSchema(params.requestedSchema), [params.requestedSchema]);
  const fields = read.ok ? read.fields : [];
  const [values, setValues] = useState<FormValues>(() => initialValues(fields));
  const [errors, setErrors] = useState<Record<string, string>>(() => Object.create(null));
  const [tried, setTried] = useState(false);

  const update = (key: string, value: FieldValue) => {
    // Spread and a computed key copy `__proto__` as an ordinary key; the copy keeps no prototype either.
    const next: FormValues = Object.assign(Object.create(null), values, { [key]: value });
    setValues(next);
    if (tried) {
      const checked = toContent(fields, next, compileServerPattern);
      setErrors(checked.ok ? Object.create(null) : checked.errors);
    }
  };

  const accept = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const checked = toContent(fields, values, compileServerPattern);
    if (!checked.ok) {
      setErrors(checked.errors);
      document.getElementById(`${request.id}-${Object.keys(checked.errors)[0]}`)?.focus();
      return;
    }
    setErrors(Object.create(null));
    void send({ action: 'accept', content: checked.content });
  };

  return (
    <form onSubmit={accept} noValidate>
      {typeof params.message === 'string' && (
        <p className="request-message">
          <ServerText text={params.message} />
        </p>
      )}
      {!read.ok && <p className="field-error">{read.reason}</p>}
      {fields.length === 0 && read.ok && <p className="muted">The server asks for no fields: Accept just confirms.</p>}
      <div className="elicit-fields">
        {fields.map((field) => (
          <Field
            key={field.key}
            id={`${request.id}-${field.key}`}
            field={field}
            value={ownValue(values, field.key)}
            error={ownValue(errors, field.key)}
            onChange={(v) => update(field.key, v)}
          />
        ))}
      </div>
      <details className="schema-details">
        <summary>Requested schema</summary>
        <pre className="code-block">{prettyJson(params.requestedSchema)}</pre>
      </details>
      {tried && Object.keys(errors).length > 0 && (
        <p className="field-error" role="alert">
          Fix {Object.keys(errors).length === 1 ? 'the highlighted field' : `${Object.keys(errors).length} highlighted fields`} before
          accepting.
        </p>
      )}
      <ElicitationActions send={send} sending={sending} error={error}>
        <button type="submit" className="button button-primary" disabled={sending || !read.ok}>
          Accept
        </button>
      </ElicitationActions>
    </form>
  );
}

const INPUT_TYPES = { email: 'email', uri: 'url', date: 'date', 'date-time': 'text' } as const;

function Field({
  id,
  field,
  value,
  error,
  onChange,
}: {
  id: string;
  field: ElicitField;
  value: FieldValue | undefined;
  error?: string | undefined;
  onChange: (v: FieldValue) => void;
}) {
  const hintId = useId();
  const label = field.title ?? field.key;
  const describedBy =
    [field.description || constraintText(field) ? hintId : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': field.required || undefined,
  };
  const hint = (
    <>
      {(field.description || constraintText(field)) && (
        <span id={hintId} className="hint">
          {field.description && <ServerText text={field.description} />}
          {field.description && constraintText(field) ? ' · ' : ''}
          {constraintText(field)}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      )}
    </>
  );
  const title = (
    <>
      <ServerText text={label} />
      {field.required && <span aria-hidden="true"> *</span>}
    </>
  );

  if (field.kind === 'boolean') {
    return (
      <div className="elicit-field elicit-check">
        <label>
          <input {...common} type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} /> {title}
        </label>
        {hint}
      </div>
    );
  }
  if (field.kind === 'multi') {
    const list = Array.isArray(value) ? value : [];
    return (
      <fieldset className="elicit-field" aria-describedby={describedBy} id={id} tabIndex={-1}>
        <legend>{title}</legend>
        {field.options.map((option) => (
          <label key={option.value} className="elicit-option">
            <input
              type="checkbox"
              checked={list.includes(option.value)}
              onChange={(e) => onChange(e.target.checked ? [...list, option.value] : list.filter((v) => v !== option.value))}
            />{' '}
            <ServerText text={option.label} />
          </label>
        ))}
        {hint}
      </fieldset>
    );
  }
  const text = typeof value === 'string' ? value : '';
  return (
    <div className="elicit-field">
      <label htmlFor={id}>{title}</label>
      {field.kind === 'enum' ? (
        <select {...common} className="input" value={text} onChange={(e) => onChange(e.target.value)}>
          <option value="">{field.required ? 'Choose…' : '(none)'}</option>
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          className="input"
          type={field.kind === 'number' ? 'text' : field.format ? INPUT_TYPES[field.format] : 'text'}
          inputMode={field.kind === 'number' ? (field.integer ? 'numeric' : 'decimal') : undefined}
          placeholder={field.kind === 'string' && field.format === 'date-time' ? '2025-11-25T09:30:00Z' : undefined}
          value={text}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {hint}
    </div>
  );
}

function constraintText(field: ElicitField): string {
  const parts: string[] = [];
  if (field.kind === 'string') {
    if (field.format) parts.push(field.format);
    if (field.minLength !== undefined) parts.push(`min ${field.minLength} chars`);
    if (field.maxLength !== undefined) parts.push(`max ${field.maxLength} chars`);
    if (field.pattern !== undefined)
      parts.push(compileServerPattern(field.pattern).ok ? `pattern ${field.pattern}` : `pattern ${field.pattern} (not checked here)`);
  }
  if (field.kind === 'number') {
    parts.push(field.integer ? 'integer' : 'number');
    if (field.minimum !== undefined) parts.push(`≥ ${field.minimum}`);
    if (field.maximum !== undefined) parts.push(`≤ ${field.maximum}`);
  }
  if (field.kind === 'multi') {
    if (field.minItems !== undefined) parts.push(`choose at least ${field.minItems}`);
    if (field.maxItems !== undefined) parts.push(`at most ${field.maxItems}`);
  }
  return parts.join(', ');
}
