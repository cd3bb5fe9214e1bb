export type TextView = 'rendered' | 'source';

/**
 * Source or rendered: the one switch for Markdown (and HTML) text, in a resource's contents and in a tool
 * result alike, so both read the same and keep the same names ("Source", "Rendered").
 */
export function ViewSwitch({ view, onChange, rendered }: { view: TextView; onChange(view: TextView): void; rendered: string }) {
  return (
    <div className="segmented" role="group" aria-label="Show as">
      <button type="button" aria-pressed={view === 'source'} onClick={() => onChange('source')}>
        Source
      </button>
      <button type="button" aria-pressed={view === 'rendered'} onClick={() => onChange('rendered')}>
        {rendered}
      </button>
    </div>
  );
}
