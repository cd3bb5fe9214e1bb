import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { asEngineError, type EngineError } from '../../shared/errors.ts';
import { ErrorDetails } from '../common/ErrorDetails.tsx';
import { ServerText } from '../common/ServerText.tsx';
import { useCommands, useScope, useStoreOf } from '../services.tsx';
import { useConversationJob } from './use-conversation-job.ts';

/**
 * The server's prompts and resources as context for the model, on request: the chips of what is attached
 * (each removable), and **Add context**, which opens a form to pick a prompt (with its arguments) or a
 * resource. Attaching sends `prompts/get` or `resources/read`, which the Message log shows like any request.
 */
export function ContextPicker() {
  const { offers } = useScope();
  const context = useStoreOf('playground', (state) => state.context);
  const { running } = useConversationJob();
  const { detach } = useStoreOf('playground', (state) => state.actions);
  const [open, setOpen] = useState(false);
  const can = offers('prompts') || offers('resources');
  if (!can && context.length === 0) return null;
  return (
    <div className="playground-context">
      {context.length > 0 && (
        <ul className="playground-chips" aria-label="Context">
          {context.map((chip) => (
            <li key={chip.id} className="playground-chip">
              <span className="badge">{chip.kind}</span>{' '}
              <span className="mono">
                <ServerText text={chip.label} />
              </span>
              {chip.note && <span className="muted"> ({chip.note})</span>}
              <button
                type="button"
                className="button button-small"
                aria-label={`Remove ${chip.label}`}
                disabled={running}
                onClick={() => detach(chip.id)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {can && (
        <button type="button" className="button button-small" aria-expanded={open} onClick={() => setOpen(!open)}>
          Add context
        </button>
      )}
      {open && <AddContext onDone={() => setOpen(false)} />}
    </div>
  );
}

function AddContext({ onDone }: { onDone(): void }) {
  const { queries, offers } = useScope();
  const prompts = useQuery({ ...queries.prompts(), enabled: offers('prompts') });
  const resources = useQuery({ ...queries.resources(), enabled: offers('resources') });
  const { attachPlaygroundPrompt, attachPlaygroundResource } = useCommands().playground;
  const id = useId();
  const [promptName, setPromptName] = useState('');
  const [args, setArgs] = useState<Record<string, string>>({});
  const [uri, setUri] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<EngineError | null>(null);
  const prompt = prompts.data?.prompts.find((known) => known.name === promptName);

  const attach = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      onDone();
    } catch (failure) {
      setError(asEngineError(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section role="region" aria-label="Add context" className="playground-add-context">
      {offers('prompts') && (
        <form
          className="playground-context-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (prompt) void attach(() => attachPlaygroundPrompt(prompt.name, args));
          }}
        >
          <label htmlFor={`${id}-prompt`}>Prompt</label>
          <select
            id={`${id}-prompt`}
            className="input input-small"
            value={promptName}
            onChange={(event) => {
              setPromptName(event.target.value);
              setArgs({});
            }}
          >
            <option value="">{prompts.isPending ? 'Listing prompts…' : 'Choose a prompt'}</option>
            {prompts.data?.prompts.map((known) => (
              <option key={known.name} value={known.name}>
                {known.title ?? known.name}
              </option>
            ))}
          </select>
          {prompt?.arguments.map((argument) => (
            <span key={argument.name} className="playground-context-arg">
              <label htmlFor={`${id}-arg-${argument.name}`}>
                <ServerText text={argument.title ?? argument.name} />
                {argument.required && ' (required)'}
              </label>
              <input
                id={`${id}-arg-${argument.name}`}
                className="input input-small"
                required={argument.required}
                maxLength={4096}
                value={args[argument.name] ?? ''}
                onChange={(event) => setArgs({ ...args, [argument.name]: event.target.value })}
              />
            </span>
          ))}
          <button type="submit" className="button button-small" disabled={!prompt || busy}>
            Attach prompt
          </button>
        </form>
      )}
      {offers('resources') && (
        <form
          className="playground-context-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (uri) void attach(() => attachPlaygroundResource(uri));
          }}
        >
          <label htmlFor={`${id}-resource`}>Resource</label>
          <select id={`${id}-resource`} className="input input-small" value={uri} onChange={(event) => setUri(event.target.value)}>
            <option value="">{resources.isPending ? 'Listing resources…' : 'Choose a resource'}</option>
            {resources.data?.resources.map((known) => (
              <option key={known.uri} value={known.uri}>
                {known.title ?? known.name} — {known.uri}
              </option>
            ))}
          </select>
          <button type="submit" className="button button-small" disabled={uri === '' || busy}>
            Attach resource
          </button>
        </form>
      )}
      <p className="muted playground-context-note">
        The model is sent the text of what you attach, before the conversation, with every step. Images and binary contents are named, not
        sent.
      </p>
      {error && <ErrorDetails error={error} lead="Could not attach it" />}
    </section>
  );
}
