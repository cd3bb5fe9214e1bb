import type { Ref } from 'react';
import type { EngineError } from '../../shared/errors.ts';
import type { ToolCallOutcome } from '../../shared/model.ts';
import { ErrorDetails } from '../common/ErrorDetails.tsx';
import { formatDuration, prettyJson } from '../common/format.ts';
import { ServerText } from '../common/ServerText.tsx';
import { CallProgressView, TaskLine, type CallProgressState } from './CallProgressView.tsx';
import { UrlElicitationRequired } from '../requests/UrlElicitationRequired.tsx';
import { SchemaBadge } from '../apps/SchemaBadge.tsx';
import { ContentBlockView } from '../content/ContentBlockView.tsx';
import { JsonTree } from '../content/JsonTree.tsx';
import { LargeText } from '../content/LargeText.tsx';
import { LazyDetails } from '../content/LazyDetails.tsx';
import { useLatestCall, useScope } from '../services.tsx';
import { plural } from '../../shared/read.ts';
import { verdictOf } from '../../shared/tool-verdict.ts';

interface Props {
  status: 'idle' | 'pending' | 'success' | 'error';
  outcome: ToolCallOutcome | undefined;
  error: EngineError | null;
  progress: CallProgressState;
  /** The call's time as the Message log records it (src/state/calls-store.ts); a saved result keeps its own. */
  durationMs?: number | undefined;
  /** The Result takes the focus after Run. */
  ref?: Ref<HTMLElement>;
  /** Runs the same call again (offered after a -32042 URL elicitation). */
  onRetry?: () => void;
  /** What the idle region says (a saved session: the tool was not run). */
  idleText?: string;
}

/** The Result region: a tool error (isError) and a failed request are different things and look different. */
export function ToolResult({
  status,
  outcome,
  error,
  progress,
  durationMs,
  ref,
  onRetry,
  idleText = 'Run the tool to see its result here.',
}: Props) {
  const { cancelHow } = useScope().protocol;
  // 2025: notifications/cancelled. 2026-07-28: closing the request's response stream is the cancellation.
  // A task can end cancelled because the person cancelled it in the Tasks tab, or because the server did.
  const taskId = progress.task?.taskId;
  const cancelledByYou = useLatestCall('task-cancel', taskId ?? '') !== undefined && taskId !== undefined;
  const how = progress.task
    ? ' (tasks/cancel)'
    : cancelHow === 'close-stream'
      ? ' by closing the request’s response stream'
      : ' (notifications/cancelled)';
  return (
    <section ref={ref} tabIndex={-1} role="region" aria-label="Result" className="tool-result" aria-busy={status === 'pending'}>
      <h3 className="section-title">Result</h3>
      {status === 'idle' && <p className="muted">{idleText}</p>}
      {status === 'pending' && <CallProgressView state={progress} />}
      {status === 'error' && error && (
        <div className="result-status result-failed">
          {error.code === 'cancelled' && endedCancelled(error) ? (
            <p className="result-headline">
              {cancelledByYou ? 'You cancelled the task (Tasks tab).' : 'The server cancelled the task.'}{' '}
              <ServerText text={error.message} />
            </p>
          ) : error.code === 'cancelled' ? (
            <p className="result-headline">
              You cancelled — the server was told to stop{how}. A response that still arrives is marked “late” in the Message log.
            </p>
          ) : (
            <ErrorDetails error={error} lead="Request failed" />
          )}
          {error.urlElicitations && <UrlElicitationRequired elicitations={error.urlElicitations} {...(onRetry && { onRetry })} />}
        </div>
      )}
      {status === 'success' && outcome && <Outcome outcome={outcome} durationMs={durationMs ?? outcome.durationMs} />}
    </section>
  );
}

function Outcome({ outcome, durationMs }: { outcome: ToolCallOutcome; durationMs: number }) {
  const content = Array.isArray(outcome.content) ? outcome.content : [];
  const state = resultState(outcome);
  return (
    <>
      <div className={`result-status result-${state}`}>
        <span className="result-headline">{HEADLINES[state]}</span>
        <span className="muted">
          {formatDuration(durationMs)}
          {outcome.task && durationMs !== outcome.durationMs && ` to create the task, ${formatDuration(outcome.durationMs)} in all`} ·{' '}
          {plural(content.length, 'content block')}
        </span>
      </div>
      {outcome.task && <TaskLine task={outcome.task} />}
      {(outcome.contentProblems?.length ?? 0) > 0 && (
        <div className="schema-errors" role="note">
          <h4 className="section-subtitle">Breaks the MCP spec</h4>
          <ul>
            {outcome.contentProblems!.map((message, index) => (
              <li key={index}>
                <ServerText text={message} />
              </li>
            ))}
          </ul>
        </div>
      )}
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

/** The task itself ended cancelled (the engine saw the status), as opposed to this call being cancelled here. */
const endedCancelled = (error: EngineError) => error.message.startsWith('The task was cancelled');

type ResultState = 'ok' | 'tool-error' | 'schema-mismatch' | 'malformed';

const HEADLINES: Record<ResultState, string> = {
  ok: 'Success',
  'tool-error': 'Tool returned an error',
  // The call went through, but what came back breaks the tool's own contract: never shown as green.
  'schema-mismatch': 'Result does not match the output schema',
  malformed: 'Result breaks the MCP spec',
};

/** The verdict the audit and the CLI give too (shared/tool-verdict.ts), with the broken kind named. */
function resultState(outcome: ToolCallOutcome): ResultState {
  const verdict = verdictOf(outcome);
  if (verdict !== 'broken') return verdict;
  return (outcome.contentProblems?.length ?? 0) > 0 ? 'malformed' : 'schema-mismatch';
}
