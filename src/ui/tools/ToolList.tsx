import type { Tool } from '../../shared/model.ts';
import { ServerIcon } from '../common/Icon.tsx';
import { ServerText } from '../common/ServerText.tsx';
import { HintBadges } from './HintBadges.tsx';
import { displayTitle } from './tool-meta.ts';

interface Props {
  tools: Tool[];
  selected: string | null;
  onSelect(name: string): void;
}

export function ToolList({ tools, selected, onSelect }: Props) {
  return (
    <ul className="item-list tool-list" aria-label="Tools">
      {tools.map((tool, index) => {
        const title = displayTitle(tool);
        const isSelected = tool.name === selected;
        return (
          // Names should be unique, but a hostile list may repeat them: the index keeps React keys unique.
          <li key={`${index}:${tool.name}`} className={isSelected ? 'item selected' : 'item'}>
            <ServerIcon icons={tool.icons} label={String(tool.name)} />
            <div className="item-main">
              <div className="item-head">
                <button
                  type="button"
                  className="item-name mono"
                  aria-current={isSelected ? 'true' : undefined}
                  onClick={() => onSelect(tool.name)}
                >
                  <ServerText text={tool.name} />
                </button>
                <HintBadges tool={tool} />
              </div>
              {title !== tool.name && (
                <span className="item-title">
                  <ServerText text={title} />
                </span>
              )}
              {tool.description && (
                <p className="item-description">
                  <ServerText text={tool.description} />
                </p>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
