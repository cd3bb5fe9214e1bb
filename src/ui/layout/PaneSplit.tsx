import { useId, useRef, type CSSProperties, type ReactNode } from 'react';
import { useStoreOf } from '../services.tsx';
import { Separator } from './Separator.tsx';

/** The main pane and the traffic column side by side, the line between them draggable; stacked on a narrow window. */
export function PaneSplit({ main, side }: { main: ReactNode; side: ReactNode }) {
  const share = useStoreOf('prefs', (state) => state.layout.mainShare);
  const box = useRef<HTMLElement>(null);
  const mainId = useId();
  const style = { '--main-share': `${share}fr`, '--side-share': `${1 - share}fr` } as CSSProperties;
  return (
    <main className="app-main" ref={box} style={style}>
      <div className="main-pane" id={mainId}>
        {main}
      </div>
      <Separator share="mainShare" container={box} orientation="vertical" label="Resize the traffic column" controls={mainId} />
      <aside className="side-pane" aria-label="Traffic">
        {side}
      </aside>
    </main>
  );
}
