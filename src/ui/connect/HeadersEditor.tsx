import { useState } from 'react';
import { isSecretHeader } from '../../shared/redact.ts';
import { usePresentation } from '../presentation/use-presentation.ts';
import { useStoreOf } from '../services.tsx';
import { headerProblems } from '../../app/connection/header-pairs.ts';

/**
 * Custom request headers (e.g. Authorization). Secret-looking values are masked until revealed; where the
 * presentation policy hides values (demo mode) every value is masked and none can be revealed, though each
 * can still be typed over.
 */
export function HeadersEditor({ id }: { id: string }) {
  const { hideValues, hiddenBecause } = usePresentation();
  const headers = useStoreOf('connection', (state) => state.input.headers);
  const { setHeaders } = useStoreOf('connection', (state) => state.actions);
  const [revealed, setRevealed] = useState<ReadonlySet<number>>(new Set());
  const problems = headerProblems(headers);

  const update = (index: number, field: 'name' | 'value', value: string) =>
    setHeaders(headers.map((header, i) => (i === index ? { ...header, [field]: value } : header)));
  const remove = (index: number) => {
    setHeaders(headers.filter((_, i) => i !== index));
    setRevealed(new Set());
  };
  const toggle = (index: number) =>
    setRevealed((current) => {
      const next = new Set(current);
      if (!next.delete(index)) next.add(index);
      return next;
    });

  return (
    <fieldset id={id} className="headers-editor">
      <legend>Custom headers</legend>
      <p className="hint">
        Sent with every request to this server. They stay in this tab and are never saved.
        {hideValues && ` Values are ${hiddenBecause}.`}
      </p>
      {headers.length > 0 && (
        <ul className="header-rows">
          {headers.map((header, index) => {
            const secret = hideValues || isSecretHeader(header.name.trim());
            const shown = !secret || (!hideValues && revealed.has(index));
            const problem = problems.find((p) => p.index === index);
            const n = index + 1;
            return (
              <li key={index} className="header-row">
                <input
                  className="input mono"
                  aria-label={`Header name ${n}`}
                  placeholder="Authorization"
                  value={header.name}
                  spellCheck={false}
                  autoComplete="off"
                  aria-invalid={problem ? true : undefined}
                  onChange={(event) => update(index, 'name', event.target.value)}
                />
                <input
                  className="input mono"
                  aria-label={`Header value ${n}`}
                  placeholder="Bearer …"
                  type={shown ? 'text' : 'password'}
                  value={header.value}
                  spellCheck={false}
                  autoComplete="off"
                  onChange={(event) => update(index, 'value', event.target.value)}
                />
                {secret && !hideValues && (
                  <button
                    type="button"
                    className="button button-small"
                    aria-pressed={shown}
                    aria-label={`${shown ? 'Hide' : 'Show'} value of header ${n}`}
                    onClick={() => toggle(index)}
                  >
                    {shown ? 'Hide' : 'Show'}
                  </button>
                )}
                <button type="button" className="button button-small" aria-label={`Remove header ${n}`} onClick={() => remove(index)}>
                  ✕
                </button>
                {problem && <p className="field-error">{problem.reason}</p>}
              </li>
            );
          })}
        </ul>
      )}
      <button type="button" className="button button-small" onClick={() => setHeaders([...headers, { name: '', value: '' }])}>
        + Add header
      </button>
    </fieldset>
  );
}
