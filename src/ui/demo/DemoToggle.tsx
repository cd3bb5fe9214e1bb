import { useStoreOf } from '../services.tsx';
import { useDemo } from './use-demo.ts';
import { Icon } from '../workspace/icons.tsx';

/** The toolbar switch for demo mode (also `&demo=1` in a link). */
export function DemoToggle() {
  const demo = useDemo();
  const { setDemo } = useStoreOf('prefs', (state) => state.actions);
  return (
    <button
      type="button"
      className={`button icon-button${demo ? ' button-primary' : ''}`}
      aria-label="Demo mode"
      aria-pressed={demo}
      title="Demo mode: larger type, secrets hidden, the log folded into an activity strip"
      onClick={() => setDemo(!demo)}
    >
      <Icon name="demo" />
      <span className="icon-button-text">Demo</span>
    </button>
  );
}
