/**
 * The message log folded into one line for demo mode: the last few requests and notifications by method
 * and direction, with no payloads (so nothing secret), and a count. Leaving demo mode brings the log back.
 */
import { useShallow } from 'zustand/react/shallow';
import { DEMO_EXPORT_REFUSAL } from '../../app/presentation/export-rule.ts';
import { useStoreOf } from '../services.tsx';

const SHOWN = 6;
/** How far back a refused export is still shown: a few requests later it has been read. */
const REFUSAL_WINDOW = 20;

export function ActivityStrip() {
  const recent = useStoreOf(
    'log',
    useShallow((state) => {
      const out: string[] = [];
      for (let i = state.ids.length - 1; i >= 0 && out.length < SHOWN; i--) {
        const id = state.ids.at(i);
        const item = id === undefined ? undefined : state.byId.get(id);
        if (item?.type !== 'message' || item.entry.kind === 'response') continue;
        const { entry } = item;
        out.push(
          `${entry.direction === 'out' ? '→' : '←'} ${entry.method ?? entry.kind}${entry.origin?.feature === 'apps' ? ' (app)' : ''}`,
        );
      }
      return out.reverse();
    }),
  );
  const total = useStoreOf('log', (state) => state.ids.length);
  // The log is folded away in demo mode, so a file export it refused (from any path) is said here.
  const refused = useStoreOf('log', (state) => {
    for (let i = state.ids.length - 1; i >= 0 && i >= state.ids.length - REFUSAL_WINDOW; i--) {
      const id = state.ids.at(i);
      const item = id === undefined ? undefined : state.byId.get(id);
      if (item?.type === 'note' && item.text === DEMO_EXPORT_REFUSAL) return true;
    }
    return false;
  });
  return (
    <section role="region" aria-label="Activity strip" className="activity-strip">
      <span className="activity-strip-title">Activity</span>
      <ol className="activity-strip-items">
        {recent.map((text, index) => (
          <li key={`${total}-${index}`}>{text}</li>
        ))}
      </ol>
      <span className="muted">{total} messages</span>
      {refused && (
        <span role="status" className="activity-strip-refusal">
          {DEMO_EXPORT_REFUSAL}
        </span>
      )}
    </section>
  );
}
