import { memo, useState } from 'react';
import { ignorePathProblem, volatilePaths } from '../../app/collections/recorded-step.ts';
import type { CollectionStep } from '../../shared/collection/format.ts';
import type { Check } from '../../shared/collection/judge.ts';
import type { StepResult } from '../../shared/collection/run.ts';
import { isRecord } from '../../shared/read.ts';
import { ServerText } from '../common/ServerText.tsx';
import { formatDuration } from '../common/format.ts';
import { useCommands, useStoreOf } from '../services.tsx';

const STATUS_WORDS: Record<StepResult['status'], string> = {
  pass: 'pass',
  fail: 'FAIL',
  refused: 'refused',
  skipped: 'skipped',
  cancelled: 'not run',
};

/**
 * One step: what it sends, its verdict and checks in the latest run, the snapshot's difference, and its editor.
 * Memoized: a step's result keeps its identity once it has ended, so a long run re-renders only the step that
 * ended and the one that starts.
 */
export const CollectionStepRow = memo(function CollectionStepRow({
  step,
  index,
  count,
  result,
  running,
  accepted,
  locked,
}: {
  step: CollectionStep;
  index: number;
  count: number;
  result: StepResult | undefined;
  running: boolean;
  accepted: boolean;
  locked: boolean;
}) {
  const { acceptStepResult, showCollectionStepInLog } = useCommands().collections;
  const { moveStep, removeStep } = useStoreOf('collections', (state) => state.actions);
  const [missing, setMissing] = useState(false);
  const params = step.request.params;
  const target = isRecord(params) ? (params.name ?? params.uri) : undefined;
  // What it sends, beside its name when a person renamed it.
  const sends = typeof target === 'string' ? `${step.request.method} ${target}` : step.request.method;
  const failedChecks = result?.checks.filter((check) => !check.pass) ?? [];
  const snapshotCheck = result?.checks.find((check) => check.label === 'snapshot');
  // Accepting replaces the snapshot and the expected outcome; a failed assertion or time budget is not fixed by it.
  const acceptable = failedChecks.some((check) => check.label === 'snapshot' || check.label.startsWith('outcome'));
  const canAccept = acceptable && result?.answer !== undefined && result.answer.kind !== 'failed' && !accepted;
  const status = running ? 'running' : result ? STATUS_WORDS[result.status] : null;
  const title = `Step ${index + 1}: ${step.name}`;
  return (
    <li className={`collection-step${result ? ` collection-step-${result.status}` : ''}`} aria-label={title}>
      <div className="collection-step-head">
        <span className="collection-step-number">{index + 1}</span>
        <span className="collection-step-name">
          <ServerText text={step.name} />
        </span>
        {step.name !== sends && (
          <span className="mono muted">
            <ServerText text={sends} />
          </span>
        )}
        {step.changesThings && (
          <span className="badge" title="The file says this step may change things: it runs without asking">
            changes things
          </span>
        )}
        {status && (
          <span
            className={`badge ${result?.status === 'pass' ? 'badge-safe' : result && result.status !== 'cancelled' ? 'badge-danger' : ''}`}
            aria-label={`Verdict: ${status}`}
          >
            {status}
          </span>
        )}
        {result?.elapsedMs !== undefined && <span className="muted">{formatDuration(result.elapsedMs)}</span>}
        <span className="collection-step-actions">
          {result?.sent && result.answer && (
            <button
              type="button"
              className="button button-small"
              aria-label={`Show in Message log: step ${index + 1}`}
              onClick={() => void showCollectionStepInLog(index).then((shown) => setMissing(!shown))}
            >
              Show in Message log
            </button>
          )}
          {canAccept && (
            <button
              type="button"
              className="button button-small button-primary"
              aria-label={`Accept new result of step ${index + 1}`}
              title="Take this answer as the step's snapshot (and its outcome as the expected one)"
              onClick={() => void acceptStepResult(index)}
            >
              Accept new result
            </button>
          )}
          <button
            type="button"
            className="button button-small"
            aria-label={`Move step ${index + 1} up`}
            disabled={locked || index === 0}
            onClick={() => moveStep(index, -1)}
          >
            ↑
          </button>
          <button
            type="button"
            className="button button-small"
            aria-label={`Move step ${index + 1} down`}
            disabled={locked || index === count - 1}
            onClick={() => moveStep(index, 1)}
          >
            ↓
          </button>
          <button
            type="button"
            className="button button-small"
            aria-label={`Remove step ${index + 1}`}
            disabled={locked}
            onClick={() => removeStep(index)}
          >
            Remove
          </button>
        </span>
      </div>
      {missing && <p className="muted">The Message log no longer holds this step&apos;s request (it was cleared or evicted).</p>}
      {accepted && (
        <p className="collection-step-note">New result accepted as the snapshot: run again to check, and save the collection.</p>
      )}
      {result?.reason && (
        <p className="collection-step-note">
          <ServerText text={result.reason} />
        </p>
      )}
      {result && result.checks.length > 0 && (
        <ul className="collection-checks" aria-label={`Checks of step ${index + 1}`}>
          {result.checks.map((check, at) => (
            <CheckLine key={at} check={check} />
          ))}
        </ul>
      )}
      {snapshotCheck?.differences && snapshotCheck.differences.length > 0 && <SnapshotDiff check={snapshotCheck} step={index + 1} />}
      {failedChecks.length === 0 && result?.answer?.kind === 'failed' && (
        <p className="collection-step-note">
          <ServerText text={result.answer.message} />
        </p>
      )}
      <StepEditor step={step} index={index} locked={locked} />
    </li>
  );
});

function CheckLine({ check }: { check: Check }) {
  return (
    <li className={check.pass ? 'collection-check-pass' : 'collection-check-fail'}>
      <span aria-hidden="true">{check.pass ? '✓' : '✗'}</span> <span className="visually-hidden">{check.pass ? 'passed:' : 'failed:'}</span>{' '}
      <ServerText text={check.label} />
      {check.detail && (
        <span className="muted">
          {' '}
          — <ServerText text={check.detail} />
        </span>
      )}
    </li>
  );
}

const shown = (value: unknown): string => (value === undefined ? '' : (JSON.stringify(value, null, 1) ?? ''));

/** The result against its snapshot, one row per difference by JSON Pointer. */
function SnapshotDiff({ check, step }: { check: Check; step: number }) {
  const differences = check.differences ?? [];
  return (
    <section className="collection-diff" aria-label={`Difference from the snapshot of step ${step}`}>
      <table>
        <thead>
          <tr>
            <th scope="col">Where</th>
            <th scope="col">Change</th>
            <th scope="col">Snapshot</th>
            <th scope="col">This run</th>
          </tr>
        </thead>
        <tbody>
          {differences.map((difference, at) => (
            <tr key={at}>
              <td className="mono">
                <ServerText text={difference.pointer || '(the result)'} />
              </td>
              <td>{difference.change}</td>
              <td className="mono collection-diff-old">
                <ServerText text={shown(difference.expected)} />
              </td>
              <td className="mono collection-diff-new">
                <ServerText text={shown(difference.actual)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {check.moreDifferences && <p className="muted">More differences than these {differences.length}.</p>}
    </section>
  );
}

/** The step's name, its consent mark, and the snapshot paths left out of the comparison (ids, timestamps). */
function StepEditor({ step, index, locked }: { step: CollectionStep; index: number; locked: boolean }) {
  const { editStep } = useStoreOf('collections', (state) => state.actions);
  const [path, setPath] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const snapshot = step.expect?.snapshot;
  const ignored = snapshot?.ignore ?? [];
  const suggested = snapshot ? volatilePaths(snapshot.value).filter((each) => !ignored.includes(each)) : [];
  const setIgnore = (ignore: string[]) =>
    snapshot &&
    editStep(index, {
      ...step,
      expect: { ...step.expect, snapshot: { value: snapshot.value, ...(ignore.length > 0 && { ignore }) } },
    });
  const addPath = (value: string) => {
    const why = ignorePathProblem(value);
    setProblem(why ?? null);
    if (why === undefined && !ignored.includes(value)) setIgnore([...ignored, value]);
    if (why === undefined) setPath('');
  };
  return (
    <details className="collection-step-editor">
      <summary>Edit step {index + 1}</summary>
      <fieldset disabled={locked}>
        <label>
          Step name{' '}
          <input
            className="input input-small"
            value={step.name}
            maxLength={200}
            onChange={(event) => editStep(index, { ...step, name: event.target.value })}
          />
        </label>
        {step.request.method === 'tools/call' && (
          <label>
            <input
              type="checkbox"
              checked={step.changesThings === true}
              onChange={(event) => {
                const { changesThings: _was, ...rest } = step;
                editStep(index, event.target.checked ? { ...rest, changesThings: true } : rest);
              }}
            />{' '}
            May change things (without it, a tool the server does not list as read-only is refused, not sent)
          </label>
        )}
        {snapshot && (
          <div className="collection-ignored" role="group" aria-label={`Ignored paths of step ${index + 1}`}>
            <span>Left out of the snapshot comparison:</span>
            {ignored.length === 0 && <span className="muted">nothing</span>}
            {ignored.map((each) => (
              <button
                key={each}
                type="button"
                className="button button-small mono"
                aria-label={`Compare ${each} again`}
                onClick={() => setIgnore(ignored.filter((other) => other !== each))}
              >
                <ServerText text={each} /> ✕
              </button>
            ))}
            {suggested.map((each) => (
              <button key={each} type="button" className="button button-small mono" onClick={() => addPath(each)}>
                Ignore <ServerText text={each} />
              </button>
            ))}
            <form
              onSubmit={(event) => {
                event.preventDefault();
                addPath(path.trim());
              }}
            >
              <input
                className="input input-small mono"
                aria-label={`Path to ignore in step ${index + 1}`}
                placeholder="/content/*/id"
                value={path}
                onChange={(event) => setPath(event.target.value)}
              />{' '}
              <button type="submit" className="button button-small" disabled={path.trim() === ''}>
                Ignore path
              </button>
            </form>
            {problem && (
              <p className="collection-step-note" role="alert">
                {problem}
              </p>
            )}
          </div>
        )}
      </fieldset>
    </details>
  );
}
