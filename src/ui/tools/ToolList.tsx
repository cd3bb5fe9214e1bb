import type { Tool } from '../../shared/model.ts';
import { ServerIcon } from '../common/Icon.tsx';
import { ServerText } from '../common/ServerText.tsx';
import { WindowedList } from '../common/WindowedList.tsx';
import { HintBadges } from './HintBadges.tsx';
import { displayTitle } from './tool-meta.ts';

interface Props {
  tools: Tool[];
  selected: string | null;
  /** `byKeyboard`: chosen with Enter or Space, so focus goes on to the tool's first field. */
  onSelect(name: string, byKeyboard: boolean): void;
  /** A saved session: how many saved results each tool has. */
  savedRuns?: ReadonlyMap<string, number>;
}

/** Name, title, one line of description (or why it is excluded). */
const TOOL_ROW_HEIGHT = 68;

export function ToolList({ tools, selected, onSelect, savedRuns }: Props) {
  return (
    <WindowedList
      label="Tools"
      className="tool-list"
      count={tools.length}
      rowHeight={TOOL_ROW_HEIGHT}
      renderRow={(index, rowProps) => {
        const tool = tools[index]!;
        const title = displayTitle(tool);
        const isSelected = tool.name === selected;
        return (
          // Names should be unique, but a hostile list may repeat them: the index keeps React keys unique.
          <li
            key={`${index}:${tool.name}`}
            {...rowProps}
            className={`item item-clickable${isSelected ? ' selected' : ''}${tool.excluded !== undefined ? ' excluded' : ''}`}
            // The whole card is a target for the pointer; the name's button is the one Tab stop for the keyboard.
            onClick={(event) => {
              if (event.target instanceof Element && event.target.closest('button, a, summary')) return;
              onSelect(tool.name, false);
            }}
          >
            <ServerIcon icons={tool.icons} label={String(tool.name)} />
            <div className="item-main">
              <div className="item-head">
                <button
                  type="button"
                  className="item-name mono"
                  title={String(tool.name)}
                  aria-current={isSelected ? 'true' : undefined}
                  // detail 0: a click made by Enter or Space, not by a pointer.
                  onClick={(event) => onSelect(tool.name, event.detail === 0)}
                >
                  <ServerText text={tool.name} />
                </button>
                <HintBadges tool={tool} />
                {tool.excluded !== undefined && <span className="badge badge-warning">excluded</span>}
                {savedRuns?.has(tool.name) && <SavedBadge count={savedRuns.get(tool.name)!} />}
              </div>
              {title !== tool.name && (
                <span className="item-title" title={String(title)}>
                  <ServerText text={title} />
                </span>
              )}
              {tool.excluded !== undefined ? (
                <p className="item-excluded">
                  <ServerText text={tool.excluded} />
                </p>
              ) : (
                tool.description && (
                  <p className="item-description" title={String(tool.description)}>
                    <ServerText text={tool.description} />
                  </p>
                )
              )}
            </div>
          </li>
        );
      }}
    />
  );
}

function SavedBadge({ count }: { count: number }) {
  return <span className="badge badge-saved">{count === 1 ? '1 saved result' : `${count} saved results`}</span>;
}
