import { useId, useState } from 'react';
import { useStoreOf } from '../services.tsx';

/**
 * How tool calls run, kept across reloads: the request timeout (reset by each progress notification), the
 * hard maximum however much progress comes, and whether to ask before a possibly destructive tool.
 */
export function CallSettings() {
  const id = useId();
  const timeoutMs = useStoreOf('prefs', (state) => state.toolTimeoutMs);
  const maxTotalTimeoutMs = useStoreOf('prefs', (state) => state.toolMaxTotalTimeoutMs);
  const confirmDestructive = useStoreOf('prefs', (state) => state.confirmDestructive);
  const actions = useStoreOf('prefs', (state) => state.actions);
  return (
    <details className="call-settings">
      <summary>Call settings</summary>
      <div className="call-settings-body">
        <SecondsField
          id={`${id}-timeout`}
          label="Request timeout (seconds)"
          hint="Reset by each progress notification."
          valueMs={timeoutMs}
          onCommit={(ms) => actions.setToolPrefs({ toolTimeoutMs: ms })}
        />
        <SecondsField
          id={`${id}-max`}
          label="Maximum total time (seconds)"
          hint="However much progress arrives."
          valueMs={maxTotalTimeoutMs}
          onCommit={(ms) => actions.setToolPrefs({ toolMaxTotalTimeoutMs: ms })}
        />
        <label className="checkbox-field">
          <input
            type="checkbox"
            checked={confirmDestructive}
            onChange={(event) => actions.setToolPrefs({ confirmDestructive: event.target.checked })}
          />
          Ask before running tools that may be destructive
        </label>
        <p className="muted">Timeouts range from 1 second to 24 hours; the maximum is never shorter than the timeout.</p>
      </div>
    </details>
  );
}

function SecondsField({
  id,
  label,
  hint,
  valueMs,
  onCommit,
}: {
  id: string;
  label: string;
  hint: string;
  valueMs: number;
  onCommit(ms: number): void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? String(valueMs / 1000);
  const commit = () => {
    if (draft === null) return;
    const seconds = Number(draft);
    if (draft.trim() !== '' && Number.isFinite(seconds)) onCommit(seconds * 1000);
    setDraft(null);
  };
  return (
    <div className="seconds-field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        className="input"
        type="number"
        min={1}
        step="any"
        inputMode="decimal"
        value={shown}
        aria-describedby={`${id}-hint`}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
      />
      <span id={`${id}-hint`} className="muted">
        {hint}
      </span>
    </div>
  );
}
