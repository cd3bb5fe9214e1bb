import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { getPromptMutationOptions } from '../../queries/index.ts';
import type { PromptInfo } from '../../shared/prompts-api.ts';
import { ErrorDetails } from '../common/ErrorDetails.tsx';
import { formatDuration } from '../common/format.ts';
import { DetailHead } from '../common/DetailHead.tsx';
import { ServerText } from '../common/ServerText.tsx';
import { ArgumentInput } from '../completions/ArgumentInput.tsx';
import { useEngineClient } from '../services.tsx';
import { PromptMessages } from './PromptMessages.tsx';

/** The selected prompt: its arguments (required ones marked, with completion), Get prompt, and the messages. */
export function PromptDetail({ prompt }: { prompt: PromptInfo }) {
  const client = useEngineClient();
  const mutation = useMutation(getPromptMutationOptions(client));
  const [values, setValues] = useState<Record<string, string>>({});
  const controller = useRef<AbortController | null>(null);
  const title = prompt.title || prompt.name;

  useEffect(() => () => controller.current?.abort(), []);

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
              value={values[argument.name] ?? ''}
              onChange={(value) => setValues((current) => ({ ...current, [argument.name]: value }))}
              completionRef={{ type: 'ref/prompt', name: prompt.name }}
              contextArguments={Object.fromEntries(Object.entries(values).filter(([key, value]) => key !== argument.name && value !== ''))}
              disabled={mutation.isPending}
            />
          ))
        )}
        <div className="detail-actions">
          <button type="submit" className="button button-primary" disabled={mutation.isPending}>
            Get prompt
          </button>
          {mutation.isPending && (
            <button type="button" className="button" onClick={() => controller.current?.abort()}>
              Cancel
            </button>
          )}
        </div>
      </form>

      <section className="prompt-result" aria-label="Prompt messages" aria-busy={mutation.isPending}>
        {mutation.isPending && <p className="muted">Getting the prompt…</p>}
        {mutation.error && <ErrorDetails error={mutation.error} lead={mutation.error.code === 'cancelled' ? 'Cancelled' : 'Could not get the prompt'} />}
        {mutation.data && (
          <>
            <p className="muted prompt-result-head">
              {mutation.data.messages.length} message{mutation.data.messages.length === 1 ? '' : 's'} · {formatDuration(mutation.data.durationMs)}
            </p>
            {mutation.data.description && (
              <p className="prompt-result-description">
                <ServerText text={mutation.data.description} />
              </p>
            )}
            {mutation.data.problems.length > 0 && (
              <ul className="problems" aria-label="Problems with the result">
                {mutation.data.problems.map((problem, index) => (
                  <li key={index} className="field-error">
                    <ServerText text={problem} />
                  </li>
                ))}
              </ul>
            )}
            <PromptMessages messages={mutation.data.messages} />
          </>
        )}
      </section>
    </section>
  );
}
