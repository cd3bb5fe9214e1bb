import type { ResourceInfo, ResourceTemplateInfo } from '../../shared/resources-api.ts';
import { ServerIcon } from '../common/Icon.tsx';
import { ServerText } from '../common/ServerText.tsx';
import { ResourceBadges } from './ResourceBadges.tsx';

/** The top of a resource's or a template's detail: icon, title, address (URI or URI template), description, badges. */
export function ResourceDetailHead({ item, address, titleId }: { item: ResourceInfo | ResourceTemplateInfo; address: string; titleId: string }) {
  return (
    <>
      <header className="detail-header">
        <ServerIcon icons={item.icons} label={item.name} />
        <div className="detail-heading">
          <h3 id={titleId} className="detail-title">
            <ServerText text={item.title || item.name} />
          </h3>
          <div className="mono muted break">
            <ServerText text={address} />
          </div>
        </div>
      </header>
      {item.description && (
        <p className="detail-description">
          <ServerText text={item.description} />
        </p>
      )}
      <ResourceBadges mimeType={item.mimeType} size={'size' in item ? item.size : undefined} annotations={item.annotations} />
    </>
  );
}
