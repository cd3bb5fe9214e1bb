import type { UrlView } from '../common/url-display.ts';
import { openExternal } from '../common/open-external.ts';
import { ServerText } from '../common/ServerText.tsx';

/** The full URL, never shortened, with the host highlighted and any warnings beside it. Not a link. */
export function UrlDisplay({ view }: { view: UrlView }) {
  return (
    <div className="url-display">
      <p className="url-full mono" aria-label="Full URL">
        {view.parsed ? (
          <>
            <span className="url-part">{view.before}</span>
            <mark className="url-host" title="The site this URL goes to">
              <ServerText text={view.host} />
            </mark>
            <span className="url-part">
              <ServerText text={view.after} />
            </span>
          </>
        ) : (
          <ServerText text={view.text} />
        )}
      </p>
      {view.warnings.length > 0 && (
        <ul className="url-warnings" role="note" aria-label="Warnings about this URL">
          {view.warnings.map((warning, index) => (
            <li key={index}>
              <ServerText text={warning} />
            </li>
          ))}
        </ul>
      )}
      {!view.navigable.ok && <p className="field-error">This URL will not be opened: {view.navigable.reason}</p>}
    </div>
  );
}

/** Opens the URL (checked again) in a new top-level window that cannot reach back into MCP Lens. */
export function openOutside(view: UrlView): boolean {
  return view.navigable.ok && openExternal(view.navigable.url).ok;
}
