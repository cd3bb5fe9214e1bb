import { useStoreOf } from '../services.tsx';
import { useDemo } from './use-demo.ts';

/** The header switch for demo mode (also `&demo=1` in a link). */
export function DemoToggle() {
  const demo = useDemo();
  const { setDemo } = useStoreOf('prefs', (state) => state.actions);
  return (
    <button
      type="button"
      className={`button${demo ? ' button-primary' : ''}`}
      aria-pressed={demo}
      title="Larger type, secrets hidden, the log folded into an activity strip"
      onClick={() => setDemo(!demo)}
    >
      Demo mode
    </button>
  );
}
