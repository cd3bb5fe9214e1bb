import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ownValue } from '../../shared/own.ts';
import type { ResourceTemplateInfo } from '../../shared/resources-api.ts';
import { ErrorDetails } from '../common/ErrorDetails.tsx';
import { ServerText } from '../common/ServerText.tsx';
import { ArgumentInput } from '../completions/ArgumentInput.tsx';
import { useDebounced } from '../completions/use-debounced.ts';
import { DetailHead } from '../common/DetailHead.tsx';
import { useCall, useCommands, useScope } from '../services.tsx';
import { ReadOnlyNote } from '../session-file/ReadOnlyNote.tsx';
import { ResourceBadges } from './ResourceBadges.tsx';
import { ResourceRead } from './ResourceRead.tsx';

/**
 * A resource template: one field per RFC 6570 variable (with completion when the server offers it), the
 * URI they expand to (by the SDK's UriTemplate, in the engine), and Read resource.
 */
export function TemplateDetail({ template }: { template: ResourceTemplateInfo }) {
  const { queries, recording, readOnly } = useScope();
  const readOnlyId = useId();
  const [values, setValues] = useState<Record<string, string>>({});
  const { startCall } = useCommands().jobs;
  // Read resource expands the values on screen as a job (src/app/calls.ts); its URI is the one read.
  const [expandJob, setExpandJob] = useState<string | null>(null);
  const job = useCall(expandJob);
  const readUri = job?.kind === 'template' && job.result ? job.result.uri : null;
  const submitError = job?.error ?? null;
  const settled = useDebounced(values, 150);
  const expanded = useQuery({
    ...queries.expandedUri(template.uriTemplate, settled),
    enabled: template.templateError === undefined,
    placeholderData: (previous) => previous,
  });
  // In a saved session, values that expand to a URI the session read show that read.
  const savedUri =
    recording && expanded.data && recording.catalog.reads.some((read) => read.uri === expanded.data.uri) ? expanded.data.uri : null;

  // Expand the exact values on screen, not the debounced ones, so Read never uses stale input.
  const submit = () => setExpandJob(startCall('template', { template: template.uriTemplate, variables: values }));

  return (
    <section className="detail" aria-labelledby="template-detail-title">
      <DetailHead
        titleId="template-detail-title"
        icons={template.icons}
        name={template.name}
        title={template.title || template.name}
        subtitle={template.uriTemplate}
        description={template.description}
      >
        <ResourceBadges mimeType={template.mimeType} annotations={template.annotations} />
      </DetailHead>
      {template.templateError !== undefined ? (
        <p className="field-error">
          This URI template could not be parsed: <ServerText text={template.templateError} />
        </p>
      ) : (
        <form
          className="template-form"
          aria-label="Template variables"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          {template.variables.length === 0 && <p className="muted">This template has no variables.</p>}
          {template.variables.map((name) => (
            <ArgumentInput
              key={name}
              name={name}
              value={ownValue(values, name) ?? ''}
              onChange={(value) => setValues((current) => ({ ...current, [name]: value }))}
              completionRef={{ type: 'ref/resource', uri: template.uriTemplate }}
              contextArguments={Object.fromEntries(Object.entries(values).filter(([key, value]) => key !== name && value !== ''))}
            />
          ))}
          <p className="expanded-uri">
            <span className="muted">URI: </span>
            <output className="mono break" aria-label="Expanded URI">
              {expanded.data ? <ServerText text={expanded.data.uri} /> : ''}
            </output>
          </p>
          {(submitError ?? expanded.error) && <ErrorDetails error={(submitError ?? expanded.error)!} />}
          <div className="detail-actions">
            <button
              type="submit"
              className="button button-primary"
              disabled={readOnly !== null}
              aria-describedby={readOnly ? readOnlyId : undefined}
            >
              Read resource
            </button>
            {readOnly && <ReadOnlyNote id={readOnlyId} reason={readOnly} />}
          </div>
          {recording && (
            <p className="muted">
              {recording.catalog.reads.length > 0
                ? 'Values that expand to a URI read in this session show that read below.'
                : 'No resource was read in this session.'}
            </p>
          )}
        </form>
      )}
      {readUri !== null && !recording && <ResourceRead key={readUri} uri={readUri} />}
      {savedUri !== null && <ResourceRead key={savedUri} uri={savedUri} />}
    </section>
  );
}
