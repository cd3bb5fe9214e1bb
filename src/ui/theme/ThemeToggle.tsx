import type { ThemeChoice } from '../../state/index.ts';
import { usePrefs } from '../services.tsx';

const LABELS: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };

export function ThemeToggle() {
  const theme = usePrefs((state) => state.theme);
  const { setTheme } = usePrefs((state) => state.actions);
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
