import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { getPromptMutationOptions } from '../../queries/index.ts';
import type { PromptInfo } from '../../shared/prompts-api.ts';
import { ownValue } from '../../shared/own.ts';
import { ErrorDetails } from '../common/ErrorDetails.tsx';
import { formatDuration } from '../common/format.ts';
import { DetailHead } from '../common/DetailHead.tsx';
import { ServerText } from '../common/ServerText.tsx';
import { ArgumentInput } from '../completions/ArgumentInput.tsx';
import { ReadOnlyNote } from '../session-file/ReadOnlyNote.tsx';
import { useOnScreen, useScope } from '../services.tsx';
import { PromptMessages } from './PromptMessages.tsx';
import { SavedPicker } from '../session-file/SavedPicker.tsx';
import { useSavedGets } from './SavedPromptGets.tsx';
import { WaitingForInput } from '../requests/WaitingForInput.tsx';
import { plural } from '../../shared/read.ts';

/** The selected prompt: its arguments (required ones marked, with completion), Get prompt, and the messages. */
export function PromptDetail({ prompt }: { prompt: PromptInfo }) {
  const { client, recording, readOnly } = useScope();
  const mutation = useMutation(getPromptMutationOptions(client));
  const readOnlyId = useId();
  // A saved session shows its recorded prompts/get results; the form starts from the arguments of the one shown.
  const saved = useSavedGets(prompt.name);
  const [values, setValues] = useState<Record<string, string>>(() => saved.get?.arguments ?? {});
  const shown = recording ? saved.get?.result : mutation.data;
  const controller = useRef<AbortController | null>(null);
  const title = prompt.title || prompt.name;

  // Leaving the prompt cancels a get still running; switching to another connection does not.
  const onScreen = useOnScreen();
  useEffect(
    () => () => {
      if (onScreen()) controller.current?.abort();
    },
    [onScreen],
  );

  const get = () => {
    controller.current?.abort();
    const next = new AbortController();
    controller.current = next;
    // Empty optional fields are left out rather than sent as "".
    const args = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
    mutation.mutate({ name: prompt.name, arguments: args, signal: next.signal });
  };

  return (
    <section className="detail" aria-labelledby="prompt-detail-title">
      <DetailHead
        titleId="prompt-detail-title"
        icons={prompt.icons}
        name={prompt.name}
        title={title}
        subtitle={title !== prompt.name ? prompt.name : undefined}
        description={prompt.description}
      />
      <form
        className="prompt-form"
        aria-label="Prompt arguments"
        onSubmit={(event) => {
          event.preventDefault();
          get();
        }}
      >
        {prompt.arguments.length === 0 ? (
          <p className="muted">This prompt takes no arguments.</p>
        ) : (
          prompt.arguments.map((argument) => (
            <ArgumentInput
              key={argument.name}
              name={argument.name}
              label={argument.title && argument.title !== argument.name ? `${argument.name} — ${argument.title}` : argument.name}
              description={argument.description}
              required={argument.required}
              value={ownValue(values, argument.name) ?? ''}
              onChange={(value) => setValues((current) => ({ ...current, [argument.name]: value }))}
              completionRef={{ type: 'ref/prompt', name: prompt.name }}
              contextArguments={Object.fromEntries(Object.entries(values).filter(([key, value]) => key !== argument.name && value !== ''))}
              disabled={mutation.isPending}
            />
          ))
        )}
        <div className="detail-actions">
          <button
            type="submit"
            className="button button-primary"
            disabled={mutation.isPending || readOnly !== null}
            aria-describedby={readOnly ? readOnlyId : undefined}
          >
            Get prompt
          </button>
          {readOnly && <ReadOnlyNote id={readOnlyId} reason={readOnly} />}
          {mutation.isPending && (
            <button type="button" className="button" onClick={() => controller.current?.abort()}>
              Cancel
            </button>
          )}
        </div>
      </form>

      {recording && (
        <SavedPicker
          label="Saved gets"
          caption="Got at:"
          entries={saved.gets.map((get) => ({ time: get.time, failed: get.error !== undefined }))}
          index={saved.index}
          onShow={(index) => {
            saved.show(index);
            setValues(saved.gets[index]?.arguments ?? {});
          }}
        />
      )}
      <section className="prompt-result" aria-label="Prompt messages" aria-busy={mutation.isPending}>
        {recording && saved.get?.error && (
          <p className="field-error">
            In the saved session the server answered with error {saved.get.error.code}: <ServerText text={saved.get.error.message} />
          </p>
        )}
        {recording && !saved.get && <p className="muted">This prompt was not requested (prompts/get) in the saved session.</p>}
        {mutation.isPending && <p className="muted">Getting the prompt…</p>}
        {mutation.isPending && <WaitingForInput method="prompts/get" target={prompt.name} noun="request" />}
        {mutation.error && (
          <ErrorDetails error={mutation.error} lead={mutation.error.code === 'cancelled' ? 'Cancelled' : 'Could not get the prompt'} />
        )}
        {shown && (
          <>
            <p className="muted prompt-result-head">
              {plural(shown.messages.length, 'message')} · {formatDuration(shown.durationMs)}
            </p>
            {shown.description && (
              <p className="prompt-result-description">
                <ServerText text={shown.description} />
              </p>
            )}
            {shown.problems.length > 0 && (
              <ul className="problems" aria-label="Problems with the result">
                {shown.problems.map((problem, index) => (
                  <li key={index} className="field-error">
                    <ServerText text={problem} />
                  </li>
                ))}
              </ul>
            )}
            <PromptMessages messages={shown.messages} />
          </>
        )}
      </section>
    </section>
  );
}
