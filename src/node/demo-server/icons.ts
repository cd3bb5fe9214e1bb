import type { Icon } from '@modelcontextprotocol/server';

// Icons are data: URLs so they render offline and never make the client fetch
// from a third party. Each is a 24×24 glyph on a rounded tile.
function svgIcon(glyph: string, tile: string): Icon[] {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">` +
    `<rect width="24" height="24" rx="5" fill="${tile}"/>` +
    `<g fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${glyph}</g>` +
    `</svg>`;
  return [
    {
      src: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      mimeType: 'image/svg+xml',
      sizes: ['any'],
    },
  ];
}

export const icons = {
  server: svgIcon('<circle cx="10.5" cy="10.5" r="5.5"/><path d="M15 15l5 5"/><path d="M8 9a3 3 0 0 1 2.5-1.5"/>', '#4f46e5'),
  echo: svgIcon('<path d="M4 12h9"/><path d="M10 8l4 4-4 4"/><path d="M18 6v12"/>', '#0f766e'),
  calendar: svgIcon('<rect x="4" y="6" width="16" height="14" rx="2"/><path d="M4 10h16M9 4v4M15 4v4"/>', '#2563eb'),
  weather: svgIcon(
    '<circle cx="9" cy="9" r="3"/><path d="M9 3v1M3 9h1M4.8 4.8l.7.7"/><path d="M8 19h9a3 3 0 0 0 0-6 4 4 0 0 0-7.5 1"/>',
    '#0284c7',
  ),
  image: svgIcon('<rect x="4" y="5" width="16" height="14" rx="2"/><circle cx="9" cy="10" r="1.5"/><path d="M20 16l-5-5-9 8"/>', '#9333ea'),
  audio: svgIcon('<path d="M5 10v4h3l5 4V6L8 10z"/><path d="M16 9a4 4 0 0 1 0 6M18.5 6.5a8 8 0 0 1 0 11"/>', '#c026d3'),
  link: svgIcon(
    '<path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1"/><path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1"/>',
    '#0891b2',
  ),
  error: svgIcon('<path d="M12 4l9 16H3z"/><path d="M12 10v4M12 17v.5"/>', '#dc2626'),
  progress: svgIcon('<path d="M4 12a8 8 0 1 0 8-8"/><path d="M12 8v4l3 2"/>', '#d97706'),
  toggle: svgIcon('<rect x="3" y="8" width="18" height="8" rx="4"/><circle cx="16" cy="12" r="2"/>', '#65a30d'),
  dice: svgIcon('<rect x="5" y="5" width="14" height="14" rx="3"/><path d="M9 9h.01M15 15h.01M12 12h.01"/>', '#ea580c'),
  note: svgIcon('<path d="M6 4h9l3 3v13H6z"/><path d="M9 11h6M9 15h4"/>', '#ca8a04'),
  trash: svgIcon('<path d="M5 7h14M10 4h4M7 7l1 13h8l1-13"/>', '#b91c1c'),
  doc: svgIcon('<path d="M7 3h7l4 4v14H7z"/><path d="M14 3v4h4"/>', '#475569'),
  headers: svgIcon('<path d="M4 7h16M4 12h10M4 17h6"/><path d="M17 14l3 3-3 3"/>', '#0d9488'),
  clock: svgIcon('<circle cx="12" cy="12" r="8"/><path d="M12 8v4l2.5 2.5"/>', '#6d28d9'),
  chart: svgIcon('<path d="M4 20h16"/><path d="M7 16v-5M12 16V7M17 16v-8"/>', '#2563eb'),
  prompt: svgIcon('<path d="M5 5h14v10H9l-4 4z"/>', '#7c3aed'),
} satisfies Record<string, Icon[]>;
