import { useQuery } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import type { CompletionRef } from '../../shared/completions-api.ts';
import { ErrorDetails } from '../common/ErrorDetails.tsx';
import { ServerText } from '../common/ServerText.tsx';
import { useScope, useStoreOf } from '../services.tsx';
import { useDebounced } from './use-debounced.ts';
import './completions.css';

const DEBOUNCE_MS = 250;

interface Props {
  /** The argument or variable name, sent as `argument.name`. */
  name: string;
  /** What the person reads; defaults to the name. */
  label?: string | undefined;
  description?: string | undefined;
  /** true marks the field required, false optional; left out, no marker (URI template variables). */
  required?: boolean | undefined;
  value: string;
  onChange(value: string): void;
  /** What is being completed; completion is offered only when the server declares `completions`. */
  completionRef: CompletionRef;
  /** The other arguments' current values, passed as `context.arguments`. */
  contextArguments: Record<string, string>;
  disabled?: boolean;
}

/**
 * A text field with typeahead from `completion/complete` (a WAI-ARIA combobox). Suggestions are asked
 * for once typing pauses, and only while the field has focus.
 */
export function ArgumentInput({ name, label, description, required, value, onChange, completionRef, contextArguments, disabled }: Props) {
  const id = useId();
  const { queries } = useScope();
  const offersCompletions = useStoreOf('connection', (s) => s.summary?.capabilities?.completions !== undefined);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = useDebounced(value, DEBOUNCE_MS);
  const context = useDebounced(contextArguments, DEBOUNCE_MS);
  const { data, error, isFetching } = useQuery({
    ...queries.completion({ ref: completionRef, argument: { name, value: typed }, contextArguments: context }),
    enabled: offersCompletions && open && !disabled,
  });
  // Suggestions for an older value are not offered: Enter must never pick something meant for other input.
  const settled = typed === value;
  const values = settled ? (data?.values ?? []) : [];
  // One suggestion that is exactly what is typed has nothing to add, and would only cover the form.
  const redundant = values.length === 1 && values[0] === value && !data?.hasMore;
  // The server answered and offered nothing for what is typed: said, so an empty list does not look broken
  // (the server does the matching, often case-sensitive).
  const none = data !== undefined && values.length === 0 && value !== '' && !isFetching;
  const showList = open && offersCompletions && settled && !redundant && values.length > 0;
  // Nothing to choose, or no answer: a line in the form's flow, not a popup over it (which covered the button
  // below). It stays while the value does, focused or not: gone on blur, it would move the button out from
  // under a pointer pressed on it, and the click would land on nothing.
  const showNote = offersCompletions && settled && (none || error !== null);

  const choose = (choice: string) => {
    onChange(choice);
    setOpen(false);
    setActive(-1);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!offersCompletions) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (values.length === 0) return;
      const delta = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + delta + values.length) % values.length);
    } else if (event.key === 'Enter' && showList && active >= 0 && values[active] !== undefined) {
      event.preventDefault();
      choose(values[active]!);
    } else if (event.key === 'Escape' && showList) {
      event.preventDefault();
      setOpen(false);
    }
  };

  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  return (
    <div className="argument-field">
      <label htmlFor={id} className="argument-label">
        <span className="mono">
          <ServerText text={label ?? name} />
        </span>
        {required ? (
          <span className="required-mark" title="Required">
            {' '}
            * <span className="visually-hidden">(required)</span>
          </span>
        ) : required === false ? (
          <>
            {' '}
            <span className="muted">(optional)</span>
          </>
        ) : null}
      </label>
      <div className="combobox">
        <input
          id={id}
          className="input"
          value={value}
          required={required === true}
          disabled={disabled}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={description ? hintId : undefined}
          {...(offersCompletions && {
            role: 'combobox',
            'aria-autocomplete': 'list' as const,
            'aria-expanded': showList,
            'aria-controls': listId,
            ...(showList && active >= 0 && { 'aria-activedescendant': `${listId}-${active}` }),
          })}
          onChange={(event) => {
            onChange(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        {showList && (
          <div className="completion-popup">
            <ul id={listId} role="listbox" aria-label={`Suggestions for ${name}`} className="completion-list">
              {values.map((choice, index) => (
                <li
                  key={`${index}:${choice}`}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === active}
                  className="completion-option mono"
                  // mousedown, not click: the input's blur would close the list before a click lands.
                  onMouseDown={(event) => {
                    event.preventDefault();
                    choose(choice);
                  }}
                >
                  <ServerText text={choice} />
                </li>
              ))}
            </ul>
            {data && (
              <div className="completion-footer muted" aria-live="polite">
                {data.total !== undefined ? `${values.length} of ${data.total}` : `${values.length} shown`}
                {data.hasMore ? ', more available — keep typing' : ''}
                {isFetching ? ' · updating…' : ''}
              </div>
            )}
          </div>
        )}
        {showNote && (
          <div className="completion-note">
            {error ? (
              <ErrorDetails error={error} lead="No suggestions" />
            ) : (
              <p className="muted" role="status">
                No suggestions for this value (the server matches, maybe case-sensitively)
              </p>
            )}
          </div>
        )}
      </div>
      {description && (
        <p id={hintId} className="hint">
          <ServerText text={description} />
        </p>
      )}
    </div>
  );
}
