/** The workspace toolbar's icons: stroke-only, sized by the font, hidden from assistive technology (the buttons carry the names). */
const PATHS = {
  add: 'M12 5v14M5 12h14',
  save: 'M12 4v11M7 10l5 5 5-5M5 20h14',
  open: 'M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z',
  demo: 'M3 4h18v12H3zM8 20h8M12 16v4',
} as const;

export function Icon({ name }: { name: keyof typeof PATHS }) {
  return (
    <svg className="toolbar-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
