import type { ReactNode } from 'react';
import type { Icon } from '../../shared/model.ts';
import { ServerIcon } from './Icon.tsx';
import { ServerText } from './ServerText.tsx';

interface DetailHeadProps {
  /** The heading's id, for the section's aria-labelledby. */
  titleId: string;
  icons: Icon[];
  name: string;
  /** The display title (title, else name). */
  title: string;
  /** The mono line under the title: an address, or the name when the title differs. */
  subtitle?: string | undefined;
  description?: string | undefined;
  /** What follows the description (badges). */
  children?: ReactNode;
}

/** The top of a detail pane in the split view (common/split-view.css): icon, title, mono subtitle, description. */
export function DetailHead({ titleId, icons, name, title, subtitle, description, children }: DetailHeadProps) {
  return (
    <>
      <header className="detail-header">
        <ServerIcon icons={icons} label={name} />
        <div className="detail-heading">
          <h3 id={titleId} className="detail-title">
            <ServerText text={title} />
          </h3>
          {subtitle !== undefined && (
            <div className="mono muted break">
              <ServerText text={subtitle} />
            </div>
          )}
        </div>
      </header>
      {description && (
        <p className="detail-description">
          <ServerText text={description} />
        </p>
      )}
      {children}
    </>
  );
}
