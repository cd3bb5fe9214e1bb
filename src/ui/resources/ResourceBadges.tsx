import type { ResourceAnnotations } from '../../shared/resources-api.ts';
import { ServerText } from '../common/ServerText.tsx';

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
