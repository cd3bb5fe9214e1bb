import { useMemo, useState } from 'react';
import { neededVariables, type NeededVariable } from '../../app/collections/run-variables.ts';
import type { Collection } from '../../shared/collection/format.ts';
import { placeholderText } from '../../shared/collection/placeholders.ts';
import { ServerText } from '../common/ServerText.tsx';
import { useStoreOf } from '../services.tsx';

/**
 * The open collection's variables, each with an input: what a browser gives for `${env:…}` (hidden as a
 * password, with a Show toggle) and `${var:…}` (the file's default in an empty input). The values stay in
 * the collections store's memory (run-variables.ts), never in storage or a saved file. docs/collections.md.
 */
export function CollectionVariables({ collection, locked }: { collection: Collection; locked: boolean }) {
  const needed = useMemo(() => neededVariables(collection), [collection]);
  if (needed.length === 0) return null;
  return (
    <fieldset className="collection-variables" aria-label="Collection variables">
      <legend>Variables</legend>
      <p className="muted collection-variables-note">
        Given here for runs in this page only: not kept with the collection, not written to a saved file.
      </p>
      <ul className="collection-variable-rows">
        {needed.map((variable) => (
          <VariableRow key={variable.key} variable={variable} locked={locked} />
        ))}
      </ul>
    </fieldset>
  );
}

function VariableRow({ variable, locked }: { variable: NeededVariable; locked: boolean }) {
  const value = useStoreOf('collections', (state) => state.values[variable.key] ?? '');
  const setValue = useStoreOf('collections', (state) => state.actions.setValue);
  const [shown, setShown] = useState(false);
  const text = placeholderText(variable);
  const secret = variable.source === 'env';
  const id = `collection-variable-${variable.key}`;
  const about = `${id}-about`;
  return (
    <li className="collection-variable">
      <label className="mono collection-variable-name" htmlFor={id}>
        {text}
      </label>
      <input
        id={id}
        className="input input-small mono"
        type={secret && !shown ? 'password' : 'text'}
        value={value}
        placeholder={variable.default ?? (secret ? 'from your environment' : 'required')}
        spellCheck={false}
        autoComplete="off"
        disabled={locked}
        aria-describedby={about}
        onChange={(event) => setValue(variable.key, event.target.value)}
      />
      {secret && (
        <button
          type="button"
          className="button button-small"
          aria-pressed={shown}
          aria-label={`Show the value of ${text}`}
          onClick={() => setShown(!shown)}
        >
          Show
        </button>
      )}
      <span id={about} className="muted collection-variable-about">
        {variable.description !== undefined && <ServerText text={variable.description} />}
        {variable.default !== undefined && (
          <span>
            {variable.description !== undefined && ' · '}default{' '}
            <span className="mono">
              <ServerText text={variable.default} />
            </span>
          </span>
        )}
        {variable.description === undefined && variable.default === undefined && (secret ? 'an environment variable' : 'no default')}
      </span>
    </li>
  );
}
