/**
 * **Add to collection**: a call made in the app becomes a step of the open collection (a new one when none is
 * open), its answer the step's first snapshot. On a History entry, a Playground tool card and a request in
 * the Message log; the Collections tab shows the step.
 */
import { useState } from 'react';
import type { EngineError } from '../../shared/errors.ts';
import type { ToolCallOutcome } from '../../shared/model.ts';
import { useCommands, useStoreOf, useStoreReader } from '../services.tsx';
import './collections.css';

type What =
  | { tool: string; arguments: Record<string, unknown>; outcome?: ToolCallOutcome | undefined; error?: EngineError | undefined }
  | { logged: string };

export function AddToCollection({ what, compact = false }: { what: What; compact?: boolean }) {
  const { addToolCallToCollection, addLoggedRequestToCollection } = useCommands().collections;
  const steps = useStoreOf('collections', (state) => state.collection?.steps.length ?? 0);
  const read = useStoreReader();
  const [added, setAdded] = useState<number | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const add = async () => {
    const ok =
      'logged' in what
        ? await addLoggedRequestToCollection(what.logged)
        : await addToolCallToCollection({
            tool: what.tool,
            arguments: what.arguments,
            ...(what.outcome && { outcome: what.outcome }),
            ...(what.error && { error: what.error }),
          });
    setAdded(ok ? steps + 1 : null);
    setRefused(ok ? null : read('collections').openError);
  };
  const label = added === null ? 'Add to collection' : `Added as step ${added}`;
  return (
    <>
      <button
        type="button"
        className="button button-small"
        aria-label="Add to collection"
        title={added === null ? 'Add this call to the open collection, its answer as the snapshot (Collections tab)' : label}
        onClick={() => void add()}
      >
        {compact && added === null ? '+ Collection' : label}
      </button>
      {refused && (
        <span className="add-to-collection-refused" role="alert">
          {refused}
        </span>
      )}
    </>
  );
}
