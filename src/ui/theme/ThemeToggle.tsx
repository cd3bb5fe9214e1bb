import type { ThemeChoice } from '../../state/index.ts';
import { useStoreOf } from '../services.tsx';

const LABELS: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };

export function ThemeToggle() {
  const theme = useStoreOf('prefs', (state) => state.theme);
  const { setTheme } = useStoreOf('prefs', (state) => state.actions);
  return (
    <label className="theme-toggle">
      <span className="visually-hidden">Theme</span>
      <select value={theme} onChange={(event) => setTheme(event.target.value as ThemeChoice)} title="Color theme">
        {(Object.keys(LABELS) as ThemeChoice[]).map((choice) => (
          <option key={choice} value={choice}>
            {choice === 'system' ? '◐ System' : choice === 'light' ? '☀ Light' : '☾ Dark'}
          </option>
        ))}
      </select>
    </label>
  );
}
