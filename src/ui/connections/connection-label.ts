import type { ConnectionState } from '../../state/index.ts';

/** What the switcher calls a connection: the server's own name once connected, else the host typed, else "New connection". */
export function connectionLabel({ summary, input }: Pick<ConnectionState, 'summary' | 'input'>): string {
  if (summary) return summary.server.title?.trim() || summary.server.name.trim() || hostOf(summary.url) || 'Server';
  return hostOf(input.url) || 'New connection';
}

function hostOf(url: string): string {
  try {
    return new URL(url.trim()).host;
  } catch {
    return '';
  }
}
