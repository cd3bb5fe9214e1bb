import type { EngineError } from '../../shared/errors.ts';
import type { ToolCallOutcome } from '../../shared/model.ts';
import { ErrorDetails } from '../common/ErrorDetails.tsx';
import { formatDuration, prettyJson } from '../common/format.ts';
import { ServerText } from '../common/ServerText.tsx';
import { CallProgressView, TaskLine } from './CallProgressView.tsx';
import { UrlElicitationRequired } from '../requests/UrlElicitationRequired.tsx';
import { SchemaBadge } from '../apps/SchemaBadge.tsx';
import { ContentBlockView } from '../content/ContentBlockView.tsx';
import { JsonTree } from '../content/JsonTree.tsx';
import { LargeText } from '../content/LargeText.tsx';
import { LazyDetails } from '../content/LazyDetails.tsx';
import type { CallProgressState } from './use-call-progress.ts';
import { useConnection } from '../services.tsx';
import { plural } from '../../shared/read.ts';

interface Props {
  status: 'idle' | 'pending' | 'success' | 'error';
  outcome: ToolCallOutcome | undefined;
  error: EngineError | null;
  progress: CallProgressState;
  /** Runs the same call again (offered after a -32042 URL elicitation). */
  onRetry?: () => void;
  /** What the idle region says (a saved session: the tool was not run). */
  idleText?: string;
}

/** The Result region: a tool error (isError) and a failed request are different things and look different. */
export function ToolResult({ status, outcome, error, progress, onRetry, idleText = 'Run the tool to see its result here.' }: Props) {
  const modern = useConnection((state) => state.summary?.era === 'modern');
  // 2025: notifications/cancelled. 2026-07-28: closing the request's response stream is the cancellation.
  const how = progress.task ? ' (tasks/cancel)' : modern ? ' by closing the request’s response stream' : ' (notifications/cancelled)';
  return (
    <section role="region" aria-label="Result" className="tool-result" aria-busy={status === 'pending'}>
      <h3 className="section-title">Result</h3>
      {status === 'idle' && <p className="muted">{idleText}</p>}
      {status === 'pending' && <CallProgressView state={progress} />}
      {status === 'error' && error && (
        <div className="result-status result-failed">
          {error.code === 'cancelled' ? (
            <p className="result-headline">
              Cancelled — the server was told to stop{how}. A response that still arrives is marked “late” in the Message log.
            </p>
          ) : (
            <ErrorDetails error={error} lead="Request failed" />
          )}
          {error.urlElicitations && <UrlElicitationRequired elicitations={error.urlElicitations} {...(onRetry && { onRetry })} />}
        </div>
      )}
      {status === 'success' && outcome && <Outcome outcome={outcome} />}
    </section>
  );
}

function Outcome({ outcome }: { outcome: ToolCallOutcome }) {
  const content = Array.isArray(outcome.content) ? outcome.content : [];
  return (
    <>
      <div className={`result-status ${outcome.isError ? 'result-tool-error' : 'result-ok'}`}>
        <span className="result-headline">{outcome.isError ? 'Tool returned an error' : 'Success'}</span>
        <span className="muted">
          {formatDuration(outcome.durationMs)} · {plural(content.length, 'content block')}
        </span>
      </div>
      {outcome.task && <TaskLine task={outcome.task} />}
      {outcome.specViolations?.map((text, index) => (
        <p key={index} className="result-violation" role="note">
          <span className="badge badge-warning">spec violation</span> {text}
        </p>
      ))}
      <div className={outcome.isError ? 'result-body result-body-error' : 'result-body'}>
        {content.length === 0 && <p className="muted">No content blocks.</p>}
        {content.map((block, index) => (
          <ContentBlockView key={index} block={block} />
        ))}
      </div>
      {(outcome.structuredContent !== undefined || (outcome.outputSchemaErrors?.length ?? 0) > 0) && (
        <div className="structured">
          <div className="structured-json">
            <h4 className="section-subtitle">
              Structured content <SchemaBadge outcome={outcome} />
            </h4>
            {outcome.structuredContent === undefined ? (
              <p className="muted">None returned.</p>
            ) : (
              <JsonTree value={outcome.structuredContent} />
            )}
          </div>
          {outcome.outputSchemaErrors && outcome.outputSchemaErrors.length > 0 && (
            <div className="schema-errors" role="note">
              <h4 className="section-subtitle">Does not match the output schema</h4>
              <ul>
                {outcome.outputSchemaErrors.map((message, index) => (
                  <li key={index}>
                    <ServerText text={message} />
                  </li>
                ))}
              </ul>
            </div>
          )}
          {outcome.outputSchemaNotes?.map((note, index) => (
            <p key={index} className="hint" role="note">
              <ServerText text={note} />
            </p>
          ))}
        </div>
      )}
      <LazyDetails summary="Raw result">{() => <LargeText className="code-block" text={prettyJson(outcome)} />}</LazyDetails>
    </>
  );
}
