import { useMemo, useRef, useState } from 'react';
import type { CollectionRunView } from '../../app/collections/collections-store.ts';
import { missingVariables, missingVariablesText } from '../../app/collections/run-variables.ts';
import { ServerText } from '../common/ServerText.tsx';
import { useCommands, useScope, useStoreOf } from '../services.tsx';
import { CollectionStepRow } from './CollectionStepRow.tsx';
import { DiscardChangesDialog } from '../common/DiscardChangesDialog.tsx';
import { FilePicker } from '../common/FilePicker.tsx';
import { CollectionVariables } from './CollectionVariables.tsx';
import './collections.css';

/**
 * The Collections tab: the open collection's steps, Run against the connected server (one job, stoppable,
 * each step's verdict as it ends), Save and Open as a file, and for each step its checks, the difference
 * from its snapshot with **Accept new result**, and **Show in Message log**. Above the steps, an input for each
 * variable the steps use (CollectionVariables). docs/collections.md.
 */
export default function CollectionsView() {
  const collection = useStoreOf('collections', (state) => state.collection);
  const run = useStoreOf('collections', (state) => state.run);
  const openError = useStoreOf('collections', (state) => state.openError);
  const storageError = useStoreOf('collections', (state) => state.storageError);
  const dismiss = useStoreOf('collections', (state) => state.actions.dismissError);
  const { readOnly } = useScope();
  // By index, once per run update, rather than a search per row.
  const results = useMemo(() => new Map(run?.results.map((result) => [result.index, result])), [run?.results]);
  return (
    <div className="collections-view">
      <Toolbar run={run} blocked={readOnly} />
      {(openError ?? storageError) !== null && (
        <div className="collections-error" role="alert">
          <ServerText text={openError ?? storageError ?? ''} />
          <button type="button" className="button button-small" onClick={dismiss}>
            Dismiss
          </button>
        </div>
      )}
      {collection === null ? (
        <p className="empty-state">
          No collection is open. Use <strong>Add to collection</strong> on a History entry, a Playground tool call or a request in the
          Message log: the call becomes a step, its answer the snapshot the next run is judged against. Or open a collection file. The same
          file runs in CI with <code>mcp-lens test</code>.
        </p>
      ) : (
        <CollectionVariables collection={collection} locked={run?.status === 'running'} />
      )}
      {collection !== null && (
        <ol className="collection-steps" aria-label="Collection steps">
          {collection.steps.map((step, index) => (
            <CollectionStepRow
              key={index}
              step={step}
              index={index}
              count={collection.steps.length}
              result={results.get(index)}
              running={run?.status === 'running' && run.results.length === index}
              accepted={run?.accepted.includes(index) ?? false}
              locked={run?.status === 'running'}
            />
          ))}
        </ol>
      )}
    </div>
  );
}

function Toolbar({ run, blocked }: { run: CollectionRunView | null; blocked: string | null }) {
  const { runOpenCollection, stopCollectionRun, saveCollection, openCollectionFile } = useCommands().collections;
  const collection = useStoreOf('collections', (state) => state.collection);
  const dirty = useStoreOf('collections', (state) => state.dirty);
  const fileName = useStoreOf('collections', (state) => state.fileName);
  const { rename, close } = useStoreOf('collections', (state) => state.actions);
  const values = useStoreOf('collections', (state) => state.values);
  const connected = useStoreOf('connection', (state) => state.phase === 'connected');
  const input = useRef<HTMLInputElement>(null);
  // Closing or opening over unsaved changes asks first (DiscardChangesDialog): what it would do once the person says yes.
  const [discarding, setDiscarding] = useState<{ then: string; go: () => void } | null>(null);
  const unlessUnsaved = (then: string, go: () => void) => (dirty ? setDiscarding({ then, go }) : go());
  const running = run?.status === 'running';
  const missing = useMemo(() => (collection === null ? [] : missingVariables(collection, values)), [collection, values]);
  const cannotRun =
    blocked ??
    (!connected
      ? 'Connect to a server to run the collection against it.'
      : missing.length > 0
        ? missingVariablesText(missing)
        : collection?.name.trim() === ''
          ? 'Give the collection a name to run it.'
          : null);
  return (
    <div className="collections-toolbar">
      {collection && (
        <input
          className="input input-small collection-name"
          aria-label="Collection name"
          value={collection.name}
          disabled={running}
          maxLength={200}
          onChange={(event) => rename(event.target.value)}
        />
      )}
      {collection && (
        <span className="muted collection-file">
          {fileName ?? 'not saved yet'}
          {dirty && <span className="badge collection-dirty">unsaved changes</span>}
        </span>
      )}
      <span className="collections-actions">
        {running ? (
          <button type="button" className="button" onClick={() => void stopCollectionRun()}>
            Stop run
          </button>
        ) : (
          <button
            type="button"
            className="button button-primary"
            disabled={collection === null || cannotRun !== null}
            aria-describedby={collection !== null && cannotRun !== null ? 'collection-run-reason' : undefined}
            title={cannotRun ?? 'Run every step against the connected server'}
            onClick={() => void runOpenCollection()}
          >
            Run collection
          </button>
        )}
        <button
          type="button"
          className="button"
          disabled={collection === null || collection.name.trim() === ''}
          onClick={() => void saveCollection()}
        >
          Save collection
        </button>
        <button
          type="button"
          className="button"
          disabled={running}
          onClick={() => unlessUnsaved('Open another', () => input.current?.click())}
        >
          Open collection
        </button>
        {collection && (
          <button type="button" className="button" disabled={running} onClick={() => unlessUnsaved('Close collection', close)}>
            Close collection
          </button>
        )}
      </span>
      {discarding && collection && (
        <DiscardChangesDialog
          name={collection.name}
          save="Save collection"
          then={discarding.then}
          onAnswer={(discard) => {
            setDiscarding(null);
            if (discard) discarding.go();
          }}
        />
      )}
      <FilePicker
        ref={input}
        accept=".json,application/json"
        label="Collection file to open"
        onFile={(file) => void openCollectionFile(file)}
      />
      {collection !== null && !running && cannotRun !== null && (
        <p id="collection-run-reason" className="muted collections-run-reason">
          {cannotRun}
        </p>
      )}
      <div className="collections-status" role="status">
        {run && <RunStatus run={run} />}
      </div>
    </div>
  );
}

function RunStatus({ run }: { run: CollectionRunView }) {
  const counts = { pass: 0, fail: 0, refused: 0, skipped: 0, cancelled: 0 };
  for (const result of run.results) counts[result.status] += 1;
  const against = (
    <>
      {' '}
      against <ServerText text={run.server} />
    </>
  );
  if (run.status === 'running')
    return (
      <>
        <progress className="collections-progress" aria-label="Run progress" max={Math.max(run.total, 1)} value={run.results.length} />
        <span>
          Step {Math.min(run.results.length + 1, run.total)} of {run.total}
          {against}…
        </span>
      </>
    );
  if (run.status === 'failed')
    return (
      <span className="collections-run-failed">
        The run failed: <ServerText text={run.error ?? 'no reason given'} />
      </span>
    );
  const words = [
    `${counts.pass} passed`,
    counts.fail > 0 && `${counts.fail} failed`,
    counts.refused > 0 && `${counts.refused} refused`,
    counts.skipped > 0 && `${counts.skipped} skipped`,
    counts.cancelled > 0 && `${counts.cancelled} not run`,
  ].filter(Boolean);
  const green = counts.pass === run.total;
  return (
    <span>
      <span className={`badge ${green ? 'badge-safe' : 'badge-danger'}`}>
        {green ? 'all passed' : run.status === 'stopped' ? 'stopped' : 'failed'}
      </span>{' '}
      {words.join(', ')} of {run.total}
      {against}
    </span>
  );
}
