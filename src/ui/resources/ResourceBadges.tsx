import type { ResourceAnnotations } from '../../shared/resources-api.ts';
import { formatBytes } from '../common/format.ts';
import { ServerText } from '../common/ServerText.tsx';

/** MIME type, size and annotations of a resource or template, in the list and in its detail alike. */
export function ResourceBadges({
  mimeType,
  size,
  annotations,
}: {
  mimeType?: string | undefined;
  size?: number | undefined;
  annotations?: ResourceAnnotations | undefined;
}) {
  return (
    <div className="item-badges">
      {mimeType && (
        <span className="badge mono">
          <ServerText text={mimeType} />
        </span>
      )}
      {size !== undefined && <span className="badge">{formatBytes(size)}</span>}
      <AnnotationBadges annotations={annotations} />
    </div>
  );
}

/** The spec's annotations as badges: who it is for, how much it matters, when it last changed. */
export function AnnotationBadges({ annotations }: { annotations: ResourceAnnotations | undefined }) {
  if (!annotations) return null;
  return (
    <>
      {annotations.audience && annotations.audience.length > 0 && (
        <span className="badge" title="Audience">
          for <ServerText text={annotations.audience.join(', ')} />
        </span>
      )}
      {annotations.priority !== undefined && (
        <span className="badge" title="Priority (0 = least, 1 = most important)">
          priority {annotations.priority}
        </span>
      )}
      {annotations.lastModified && (
        <span className="badge" title="Last modified">
          modified <ServerText text={annotations.lastModified} />
        </span>
      )}
    </>
  );
}
