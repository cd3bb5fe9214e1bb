import { useId, useRef, type CSSProperties } from 'react';
import { PanelBoundary } from '../common/PanelBoundary.tsx';
import { Separator } from '../layout/Separator.tsx';
import { useStoreOf } from '../services.tsx';
import { TimelineOrConsole } from '../console/TimelineOrConsole.tsx';
import { TrafficPane } from './TrafficPane.tsx';

/**
 * The traffic column: the message log (or the HTTP view) above, Notifications below. The line between
 * them is draggable; folded, Notifications keeps one line and the log takes the column.
 */
export function TrafficColumn() {
  const folded = useStoreOf('prefs', (state) => state.layout.timelineFolded);
  const share = useStoreOf('prefs', (state) => state.layout.timelineShare);
  const box = useRef<HTMLDivElement>(null);
  const timelineId = useId();
  return (
    <div className="traffic-column" ref={box} style={{ '--timeline-share': share } as CSSProperties}>
      <PanelBoundary name="The traffic view">
        <TrafficPane />
      </PanelBoundary>
      {!folded && (
        <Separator
          share="timelineShare"
          container={box}
          orientation="horizontal"
          second
          label="Resize notifications"
          controls={timelineId}
        />
      )}
      <div id={timelineId} className={folded ? 'timeline-slot is-folded' : 'timeline-slot'}>
        <TimelineOrConsole />
      </div>
    </div>
  );
}
