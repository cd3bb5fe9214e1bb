import { useState } from 'react';
import { ServerText } from '../common/ServerText.tsx';
import { plural } from '../../shared/read.ts';

/** Children shown per "show more" step, so a 100 000-item array costs what is on screen. */
const PAGE = 100;

interface Props {
  value: unknown;
  /** Levels expanded at first. */
  openDepth?: number;
  label?: string;
}

/**
 * A collapsible JSON tree. Collapsed nodes render nothing below them, and long arrays and objects render
 * a page at a time, so big structured results stay fast. Strings are server text and shown as text.
 */
export function JsonTree({ value, openDepth = 2, label = 'Structured content' }: Props) {
  return (
    <ul className="json-tree" role="tree" aria-label={label}>
      <JsonNode name={null} value={value} depth={0} openDepth={openDepth} />
    </ul>
  );
}

function JsonNode({ name, value, depth, openDepth }: { name: string | null; value: unknown; depth: number; openDepth: number }) {
  const [open, setOpen] = useState(depth < openDepth);
  const [shown, setShown] = useState(PAGE);
  const isArray = Array.isArray(value);
  const isContainer = typeof value === 'object' && value !== null;
  const key = name !== null && (
    <span className="json-key">
      <ServerText text={name} />:{' '}
    </span>
  );
  if (!isContainer) {
    return (
      <li role="treeitem" aria-selected={false} className="json-leaf">
        {key}
        <Scalar value={value} />
      </li>
    );
  }
  const entries: Array<[string, unknown]> = isArray
    ? (value as unknown[]).map((v, i) => [String(i), v])
    : Object.entries(value as Record<string, unknown>);
  const summary = isArray ? `[${plural(entries.length, 'item')}]` : `{${plural(entries.length, 'key')}}`;
  return (
    <li role="treeitem" aria-expanded={open} aria-selected={false} className="json-branch">
      <button
        type="button"
        className="json-toggle"
        onClick={() => setOpen(!open)}
        aria-label={`${open ? 'Collapse' : 'Expand'} ${name ?? 'root'}`}
      >
        <span aria-hidden="true">{open ? '▾' : '▸'}</span>
      </button>
      {key}
      <span className="muted">{summary}</span>
      {open && (
        <ul role="group">
          {entries.slice(0, shown).map(([childName, child]) => (
            <JsonNode key={childName} name={childName} value={child} depth={depth + 1} openDepth={openDepth} />
          ))}
          {entries.length > shown && (
            <li role="none">
              <button type="button" className="button button-small" onClick={() => setShown(shown + PAGE)}>
                Show {Math.min(PAGE, entries.length - shown)} more of {entries.length - shown}
              </button>
            </li>
          )}
        </ul>
      )}
    </li>
  );
}

function Scalar({ value }: { value: unknown }) {
  if (typeof value === 'string') {
    return (
      <span className="json-string">
        "<ServerText text={value} />"
      </span>
    );
  }
  if (typeof value === 'number') return <span className="json-number">{String(value)}</span>;
  if (typeof value === 'boolean') return <span className="json-boolean">{String(value)}</span>;
  if (value === null) return <span className="json-null">null</span>;
  return <span className="muted">{String(value)}</span>;
}
