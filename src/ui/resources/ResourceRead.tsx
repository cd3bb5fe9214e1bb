import { useQuery } from '@tanstack/react-query';
import { ErrorDetails } from '../common/ErrorDetails.tsx';
import { formatDuration, formatTime } from '../common/format.ts';
import { ServerText } from '../common/ServerText.tsx';
import { useId } from 'react';
import { useScope } from '../services.tsx';
import { ReadOnlyNote } from '../session-file/ReadOnlyNote.tsx';
import { ResourceContentView } from './ResourceContentView.tsx';
import { WaitingForInput } from '../requests/WaitingForInput.tsx';
import { plural } from '../../shared/read.ts';

/** Reads a resource and shows its contents: a region named "Resource contents". */
export function ResourceRead({ uri }: { uri: string }) {
  const { queries, recording, readOnly } = useScope();
  const readOnlyId = useId();
  const { data, error, isPending, isFetching, dataUpdatedAt, refetch } = useQuery(queries.readResource(uri));
  // In a saved session the contents are the recorded read, from when it happened.
  const readAt = recording?.catalog.reads.find((read) => read.uri === uri)?.time ?? dataUpdatedAt;
  return (
    <section className="resource-read" aria-label="Resource contents">
      <div className="resource-read-head">
        <h4 className="section-subtitle">Contents</h4>
        <span className="muted" aria-live="polite">
          {isFetching
            ? 'Reading…'
            : data
              ? `${plural(data.contents.length, 'item')} · ${formatDuration(data.durationMs)} · read at ${formatTime(readAt)}`
              : ''}
        </span>
        <button
          type="button"
          className="button button-small"
          onClick={() => void refetch()}
          disabled={isFetching || readOnly !== null}
          aria-describedby={readOnly ? readOnlyId : undefined}
        >
          Read again
        </button>
        {readOnly && <ReadOnlyNote id={readOnlyId} reason={readOnly} />}
      </div>
      {isPending && !error && <p className="muted">Reading…</p>}
      {isFetching && <WaitingForInput method="resources/read" target={uri} noun="request" />}
      {error && (recording ? <p className="muted">{error.message}</p> : <ErrorDetails error={error} lead="Could not read the resource" />)}
      {data && data.problems.length > 0 && (
        <ul className="problems" aria-label="Problems with the result">
          {data.problems.map((problem, index) => (
            <li key={index} className="field-error">
              <ServerText text={problem} />
            </li>
          ))}
        </ul>
      )}
      {data?.contents.length === 0 && data.problems.length === 0 && <p className="muted">The server returned no contents.</p>}
      {data?.contents.map((content, index) => (
        <ResourceContentView key={`${index}:${content.uri}`} content={content} />
      ))}
    </section>
  );
}
