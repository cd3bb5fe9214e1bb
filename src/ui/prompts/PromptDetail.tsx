import { useId, useState } from 'react';
import type { PromptInfo } from '../../shared/prompts-api.ts';
import { ownValue } from '../../shared/own.ts';
import { ErrorDetails } from '../common/ErrorDetails.tsx';
import { formatDuration } from '../common/format.ts';
import { DetailHead } from '../common/DetailHead.tsx';
import { ServerText } from '../common/ServerText.tsx';
import { ArgumentInput } from '../completions/ArgumentInput.tsx';
import { ReadOnlyNote } from '../session-file/ReadOnlyNote.tsx';
import { useCommands, useLatestCall, useScope } from '../services.tsx';
import { MOD_ENTER_FORM, submitOnModEnter } from '../common/submit-on-mod-enter.ts';
import { PromptMessages } from './PromptMessages.tsx';
import { SavedPicker } from '../session-file/SavedPicker.tsx';
import { useSavedGets } from './SavedPromptGets.tsx';
import { WaitingForInput } from '../requests/WaitingForInput.tsx';
import { plural } from '../../shared/read.ts';

/** The selected prompt: its arguments (required ones marked, with completion), Get prompt, and the messages. */
export function PromptDetail({ prompt }: { prompt: PromptInfo }) {
  const { recording, readOnly } = useScope();
  const { startCall, cancelCall } = useCommands().jobs;
  // The prompt's latest get, from the calls registry: leaving the prompt cancels nothing.
  const call = useLatestCall('prompt', prompt.name);
  const pending = call?.status === 'running';
  const readOnlyId = useId();
  // A saved session shows its recorded prompts/get results; the form starts from the arguments of the one shown.
  const saved = useSavedGets(prompt.name);
  const [values, setValues] = useState<Record<string, string>>(() => saved.get?.arguments ?? {});
  const shown = recording ? saved.get?.result : call?.result;
  // The live get's time is the Message log's for its prompts/get (src/state/calls-store.ts).
  const shownMs = recording ? saved.get?.result?.durationMs : (call?.durationMs ?? call?.result?.durationMs);
  const error = recording ? undefined : call?.error;
  const title = prompt.title || prompt.name;

  const get = () => {
    if (call?.status === 'running') cancelCall(call.id);
    // Empty optional fields are left out rather than sent as "".
    const args = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
    startCall('prompt', { name: prompt.name, arguments: args });
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
        onKeyDown={submitOnModEnter}
        {...{ [MOD_ENTER_FORM]: true }}
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
              disabled={pending}
            />
          ))
        )}
        <div className="detail-actions">
          <button
            type="submit"
            className="button button-primary"
            disabled={pending || readOnly !== null}
            aria-describedby={readOnly ? readOnlyId : undefined}
          >
            Get prompt
          </button>
          {readOnly && <ReadOnlyNote id={readOnlyId} reason={readOnly} />}
          {pending && (
            <button type="button" className="button" onClick={() => call && cancelCall(call.id)}>
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
      <section className="prompt-result" aria-label="Prompt messages" aria-busy={pending}>
        {recording && saved.get?.error && (
          <p className="field-error">
            In the saved session the server answered with error {saved.get.error.code}: <ServerText text={saved.get.error.message} />
          </p>
        )}
        {recording && !saved.get && <p className="muted">This prompt was not requested (prompts/get) in the saved session.</p>}
        {pending && <p className="muted">Getting the prompt…</p>}
        {pending && <WaitingForInput method="prompts/get" target={prompt.name} noun="request" />}
        {error && <ErrorDetails error={error} lead={error.code === 'cancelled' ? 'Cancelled' : 'Could not get the prompt'} />}
        {shown && (
          <>
            <p className="muted prompt-result-head">
              {plural(shown.messages.length, 'message')} · {formatDuration(shownMs ?? shown.durationMs)}
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
