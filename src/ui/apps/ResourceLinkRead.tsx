/**
 * A `resource_link` in a tool result, read on request in place: the read goes through the engine like any
 * other `resources/read`, and its contents show as in the Resources tab. An MCP App link opens the app.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isAppMimeType } from '../../shared/apps.ts';
import { ErrorDetails } from '../common/ErrorDetails.tsx';
import { ResourceContentView } from '../resources/ResourceContentView.tsx';
import { AppFrame } from './AppFrame.tsx';
import { useScope } from '../services.tsx';

export function ResourceLinkRead({ uri, mimeType }: { uri: string; mimeType?: string | undefined }) {
  const readOnly = useScope().readOnly !== null;
  const [open, setOpen] = useState(false);
  if (uri === '' || readOnly) return null;
  const app = isAppMimeType(mimeType) || uri.startsWith('ui://');
  return (
    <div className="resource-link-read">
      <button type="button" className="button button-small" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {open ? 'Hide' : app ? 'Open app' : 'Read resource'}
      </button>
      {open && (app ? <AppFrame uri={uri} /> : <Contents uri={uri} />)}
    </div>
  );
}

function Contents({ uri }: { uri: string }) {
  const { queries } = useScope();
  const read = useQuery(queries.readResource(uri));
  if (read.isPending) return <p className="muted">Reading…</p>;
  if (read.error) return <ErrorDetails error={read.error} lead="Could not read the resource" />;
  return (
    <div className="resource-link-contents">
      {read.data.contents.length === 0 && <p className="muted">The server returned no contents.</p>}
      {read.data.contents.map((content, index) => (
        <ResourceContentView key={index} content={content} />
      ))}
      {read.data.problems.map((problem, index) => (
        <p key={index} className="muted" role="note">
          {problem}
        </p>
      ))}
    </div>
  );
}
