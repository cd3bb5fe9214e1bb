import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { plural } from '../../shared/read.ts';
import { ErrorDetails } from '../common/ErrorDetails.tsx';
import { useCommands, useScope, useStoreOf } from '../services.tsx';
import { ConfirmRunDialog } from '../tools/ConfirmRunDialog.tsx';
import { toolRisk } from '../../shared/tool-hints.ts';
import { Conversation } from './Conversation.tsx';
import { ContextPicker } from './ContextPicker.tsx';
import { PromptScriptBar, UseAsScript } from './PromptScriptBar.tsx';
import { ProviderSettings } from './ProviderSettings.tsx';
import { SavedConversations } from './SavedConversations.tsx';
import { useConversationJob } from './use-conversation-job.ts';
import './playground.css';

/**
 * The Playground tab: a model, on the person's own key, using the connected server's tools. The key lives
 * in the engine worker; this view only learns whether one is held. See README.md beside this file.
 */
export function PlaygroundView() {
  const { ready, key, readOnly } = useScope();
  if (readOnly) return <SavedConversations />;
  if (!ready) return <p className="empty-state">Connect to a server to try its tools with a model.</p>;
  return <ConnectedPlayground key={key} />;
}

function ConnectedPlayground() {
  const { queries, offers } = useScope();
  const tools = useQuery({ ...queries.tools(), enabled: offers('tools') });
  const offered = tools.data?.tools ?? [];
  const { running, error } = useConversationJob();
  const confirm = useStoreOf('playground', (state) => state.confirm);
  const empty = useStoreOf('playground', (state) => state.items.length === 0);
  const { sendPlaygroundMessage, stopPlayground, restartPlayground, answerPlaygroundConfirm, setPlaygroundKey } = useCommands().playground;
  const [draft, setDraft] = useState('');
  const [keyDraft, setKeyDraft] = useState('');
  const inputId = useId();
  const input = useRef<HTMLTextAreaElement>(null);

  /** A typed key goes to the worker first (and leaves this page's state); then the message. */
  const demo = useStoreOf('prefs', (state) => state.demo);
  const items = useStoreOf('playground', (state) => state.items);
  const send = async (typed = draft) => {
    const text = typed.trim();
    if (running || text === '') return;
    if (keyDraft !== '') {
      await setPlaygroundKey(keyDraft);
      setKeyDraft('');
    }
    setDraft('');
    // The message runs as a job: this view reads it from the calls store and may go away meanwhile.
    sendPlaygroundMessage(text, offered);
    input.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };

  return (
    <div className="playground">
      {demo && <PromptScriptBar busy={running} onShow={setDraft} onSend={(prompt) => void send(prompt)} />}
      <ProviderSettings keyDraft={keyDraft} onKeyDraft={setKeyDraft} />
      <Conversation />
      {empty && (
        <p className="muted playground-hint">
          {offers('tools')
            ? `The model is offered this server's ${plural(offered.length, 'tool')}. Ask it something that needs them.`
            : 'This server offers no tools: the model can only answer from what it knows.'}
        </p>
      )}
      {error && (
        <div className="playground-error" role="alert">
          <ErrorDetails error={error} lead="The conversation stopped" />
        </div>
      )}
      <ContextPicker />
      <form
        className="playground-composer"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <label htmlFor={inputId} className="visually-hidden">
          Message to the model
        </label>
        <textarea
          id={inputId}
          ref={input}
          className="input playground-input"
          rows={2}
          maxLength={20_000}
          placeholder="Ask the model… (Enter sends, Shift+Enter for a new line)"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <div className="playground-actions">
          {running ? (
            <button type="button" className="button button-danger" onClick={stopPlayground}>
              Stop
            </button>
          ) : (
            <button type="submit" className="button button-primary" disabled={draft.trim() === ''}>
              Send
            </button>
          )}
          <button type="button" className="button" onClick={restartPlayground} disabled={empty && !running}>
            Restart
          </button>
          {!demo && <UseAsScript items={items} />}
        </div>
      </form>
      {confirm && (
        <ConfirmRunDialog
          toolName={confirm.tool}
          reason={toolRisk(confirm).reason}
          onConfirm={() => answerPlaygroundConfirm('once')}
          onAllowForConversation={() => answerPlaygroundConfirm('conversation')}
          onDismiss={() => answerPlaygroundConfirm('no')}
          sends={confirm.arguments}
        />
      )}
    </div>
  );
}
