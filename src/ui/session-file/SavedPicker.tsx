import { formatTime } from '../common/format.ts';

/**
 * In a saved session, picks which of several recorded answers is shown (a tool's runs, a prompt's gets):
 * one button per answer, by time, ✕ marking a failed one. Nothing when there is only one.
 */
export function SavedPicker({
  label,
  caption,
  entries,
  index,
  onShow,
}: {
  label: string;
  caption: string;
  entries: ReadonlyArray<{ time: number; failed: boolean }>;
  index: number;
  onShow(index: number): void;
}) {
  if (entries.length < 2) return null;
  return (
    <div className="saved-runs" role="group" aria-label={label}>
      <span className="muted">{caption}</span>
      {entries.map((entry, position) => (
        <button
          key={position}
          type="button"
          className="button button-small"
          aria-pressed={position === index}
          onClick={() => onShow(position)}
        >
          {formatTime(entry.time)}
          {entry.failed ? ' ✕' : ''}
        </button>
      ))}
    </div>
  );
}
