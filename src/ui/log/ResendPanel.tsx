import { useId, type KeyboardEvent } from 'react';
import { formatDuration, prettyJson } from '../common/format.ts';
import { ErrorDetails } from '../common/ErrorDetails.tsx';
import { ServerText } from '../common/ServerText.tsx';
import { resultMeta } from './envelope.ts';
import type { Resend } from './use-resend.ts';
import './resend.css';

/** The editor (method and params as JSON) and the answer to what was sent, below the selected entry's header. */
export default function ResendPanel({ resend }: { resend: Resend }) {
  const editorId = useId();
  const problemId = useId();
  const hintId = useId();
  const { phase, text, problem } = resend;
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      resend.sendEdited();
    }
  };
  return (
    <div className="resend">
      {text !== null && (
        <div className="resend-editor">
          <label htmlFor={editorId} className="resend-label">
            Request JSON
          </label>
          <textarea
            id={editorId}
            className="input mono resend-text"
            spellCheck={false}
            rows={6}
            value={text}
            aria-invalid={problem !== null}
            aria-describedby={problem !== null ? `${problemId} ${hintId}` : hintId}
            onChange={(event) => resend.setText(event.target.value)}
            onKeyDown={onKeyDown}
          />
          {problem !== null && (
            <p id={problemId} className="field-error" role="alert">
              {problem}
            </p>
          )}
          <div className="resend-actions">
            <button
              type="button"
              className="button button-small button-primary"
              disabled={phase.kind === 'sending'}
              onClick={resend.sendEdited}
            >
              Send request
            </button>
            <button type="button" className="button button-small" onClick={resend.close}>
              Close editor
            </button>
          </div>
          <p id={hintId} className="hint">
            Method and params only: MCP Lens assigns the id, and sends it with this connection's headers, which are not edited here.
            Ctrl+Enter (⌘+Enter) sends.
          </p>
        </div>
      )}
      {phase.kind === 'sending' && (
        <p className="hint" role="status">
          Sending…{' '}
          <button type="button" className="button button-small" onClick={resend.cancel}>
            Cancel re-send
          </button>
        </p>
      )}
      {(phase.kind === 'answered' || phase.kind === 'failed') && (
        <section className="resend-answer" role="region" aria-label="Re-send answer">
          {phase.kind === 'answered' ? (
            <>
              <p className="hint" role="status">
                Answered in {formatDuration(phase.answer.durationMs)}; the request and its answer are in the log, marked re-sent.
              </p>
              <AnswerJson result={phase.answer.result} />
            </>
          ) : (
            <ErrorDetails error={phase.error} lead="Re-send failed" />
          )}
          {text === null && (
            <button type="button" className="button button-small" onClick={resend.close}>
              Close answer
            </button>
          )}
        </section>
      )}
    </div>
  );
}

/** The result, without its `_meta` (the 2026-07-28 envelope repeats the server's info and icons on every answer). */
function AnswerJson({ result }: { result: unknown }) {
  const split = resultMeta({ result });
  return (
    <>
      {split && (
        <p className="hint">
          Its <code>_meta</code> is left out here; the log shows the whole answer.
        </p>
      )}
      <pre className="code-block">
        <ServerText text={prettyJson(split ? split.rest.result : result)} />
      </pre>
    </>
  );
}
