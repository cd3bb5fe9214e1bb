import type { Icon } from '../../shared/model.ts';
import type { ResourceAnnotations } from '../../shared/resources-api.ts';
import { ServerIcon } from '../common/Icon.tsx';
import { ServerText } from '../common/ServerText.tsx';
import { WindowedList, type RowProps } from '../common/WindowedList.tsx';
import { useStoreOf } from '../services.tsx';
import { ResourceBadges } from './ResourceBadges.tsx';

export interface ListEntry {
  key: string;
  /** What the button shows: the name. */
  name: string;
  title?: string | undefined;
  /** The uri or uriTemplate, shown under the name. */
  address: string;
  description?: string | undefined;
  mimeType?: string | undefined;
  size?: number | undefined;
  icons: Icon[];
  annotations?: ResourceAnnotations | undefined;
  /** A saved session recorded a read of it. */
  savedRead?: boolean;
}

interface Props {
  label: string;
  entries: ListEntry[];
  selected: string | null;
  onSelect(key: string): void;
}

/** Resources or templates: the name selects, the rest describes. Updated and subscribed resources are marked. */
/** Name, title, address, one line of description, badges. */
// Room for every line below, the badges last: at 96 px the badge line was cut off.
const RESOURCE_ROW_HEIGHT = 110;

export function ResourceList({ label, entries, selected, onSelect }: Props) {
  return (
    <WindowedList
      label={label}
      count={entries.length}
      rowHeight={RESOURCE_ROW_HEIGHT}
      renderRow={(index, rowProps) => {
        const entry = entries[index]!;
        return <Row key={entry.key} entry={entry} selected={entry.key === selected} onSelect={onSelect} rowProps={rowProps} />;
      }}
    />
  );
}

interface RowArgs {
  entry: ListEntry;
  selected: boolean;
  onSelect(key: string): void;
  rowProps: RowProps;
}

function Row({ entry, selected, onSelect, rowProps }: RowArgs) {
  const update = useStoreOf('serverLog', (s) => s.updates.get(entry.address));
  const subscribed = useStoreOf('serverLog', (s) => s.subscribed.has(entry.address));
  return (
    <li {...rowProps} className={selected ? 'item selected' : 'item'}>
      <ServerIcon icons={entry.icons} label={entry.name} />
      <div className="item-main">
        <div className="item-head">
          <button
            type="button"
            className="item-name mono"
            title={entry.name}
            aria-current={selected ? 'true' : undefined}
            onClick={() => onSelect(entry.key)}
          >
            <ServerText text={entry.name} />
          </button>
          {subscribed && <span className="badge badge-safe">subscribed</span>}
          {entry.savedRead && <span className="badge badge-saved">read in session</span>}
          {update && (
            <span className="badge badge-updated" title="notifications/resources/updated received">
              updated{update.count > 1 ? ` ×${update.count}` : ''}
            </span>
          )}
        </div>
        {entry.title && entry.title !== entry.name && (
          <span className="item-title">
            <ServerText text={entry.title} />
          </span>
        )}
        <span className="item-address mono muted break" title={entry.address}>
          <ServerText text={entry.address} />
        </span>
        {entry.description && (
          <p className="item-description" title={entry.description}>
            <ServerText text={entry.description} />
          </p>
        )}
        <ResourceBadges mimeType={entry.mimeType} size={entry.size} annotations={entry.annotations} />
      </div>
    </li>
  );
}
