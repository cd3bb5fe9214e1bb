/**
 * What a connection is called, decided once for every place that names it: the switcher, the palette, the
 * status and the files it exports. Two connections must never share a name, or "Switch to demo" and a file
 * called after "demo" could mean either of them.
 */
import type { ConnectionState, SavedServer } from '../../state/index.ts';
import { serverIdentity } from '../address/address.ts';

/**
 * One connection's own name: the session file it shows, else the name the person saved its server under,
 * else the server's own title or name (while connected, or since, as long as the bar still points there),
 * else the URL's host, else "New connection".
 */
export function connectionName(
  { summary, input, lastSummary = null }: Pick<ConnectionState, 'summary' | 'input'> & Partial<Pick<ConnectionState, 'lastSummary'>>,
  saved: readonly SavedServer[],
  fileName?: string,
): string {
  if (fileName) return fileName;
  const url = (summary?.url ?? input.url).trim();
  // A saved server keeps its saved name however it was opened (the list, a link, typed again).
  const identity = url === '' ? '' : serverIdentity(url);
  const savedName = identity === '' ? undefined : saved.find((server) => serverIdentity(server.url) === identity)?.name.trim();
  if (savedName) return savedName;
  // Disconnected from a server, the connection is still about it until its URL is changed.
  const known = summary ?? (lastSummary && identity !== '' && serverIdentity(lastSummary.url) === identity ? lastSummary : null);
  if (known) return known.server.title?.trim() || known.server.name.trim() || hostOf(known.url) || 'Server';
  return hostOf(input.url) || 'New connection';
}

/**
 * Tells apart connections that would share a name: the first keeps it, the next ones are "name · 2",
 * "name · 3" in the order they were opened.
 */
export function distinctNames(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    return count === 1 ? name : `${name} · ${count}`;
  });
}

/** A connection's name as a file-name part: lower case, letters, digits and single dashes, at most 40 characters. */
export function fileNamePart(name: string): string {
  return (
    name
      .normalize('NFKD')
      // The accents NFKD split off go, so "Ünïcode" keeps its letters.
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40)
      .replace(/-+$/, '') || 'connection'
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url.trim()).host;
  } catch {
    return '';
  }
}
