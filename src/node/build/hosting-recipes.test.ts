/**
 * Each hosting recipe, read the way its host reads it, must give every path of a built app the very headers
 * the project's own static server sends, and exactly one rule must speak for each path (overlapping rules on
 * Netlify or Cloudflare would send the sandbox page two policies, which a browser enforces together).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer, type RunningStaticServer } from '../static-server/server.ts';
import { hostingRecipes, type BuiltEntry } from './hosting-recipes.ts';
import { builtHeaders, fakeBuild, PATHS, type HeaderMap } from './hosting-fixture.ts';

let dir: string;
let server: RunningStaticServer;
let expected: Map<string, HeaderMap>;
const entries: BuiltEntry[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lens-hosting-'));
  entries.push(...(await fakeBuild(dir)));
  server = await startStaticServer({ root: dir });
  expected = await builtHeaders(server.url);
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

const recipes = () => hostingRecipes(entries);

/** `_headers`: a path line, then indented `Name: value` lines; `/x/*` matches below /x/. */
function readNetlify(text: string): { pattern: string; headers: HeaderMap }[] {
  const rules: { pattern: string; headers: HeaderMap }[] = [];
  for (const line of text.split('\n').filter((l) => l.trim() !== '')) {
    if (!line.startsWith(' ')) rules.push({ pattern: line.trim(), headers: {} });
    else {
      const colon = line.indexOf(':');
      rules.at(-1)!.headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
  }
  return rules;
}
const netlifyMatches = (pattern: string, path: string) =>
  pattern.endsWith('/*') ? path.startsWith(pattern.slice(0, -1)) : pattern === path || (pattern === '/' && path === '/');

function readCaddy(text: string): { matcher: string; headers: HeaderMap }[] {
  const blocks: { matcher: string; headers: HeaderMap }[] = [];
  let current: HeaderMap | undefined;
  for (const line of text.split('\n').map((l) => l.trim())) {
    const open = /^header (@\w+) \{$/.exec(line);
    if (open) blocks.push({ matcher: open[1]!, headers: (current = {}) });
    else if (line === '}') current = undefined;
    else if (current) {
      const [, name, value] = /^(\S+) "(.*)"$/.exec(line)!;
      current[name!.toLowerCase()] = value!.replace(/\\"/g, '"');
    }
  }
  return blocks;
}
function caddyMatches(text: string, matcher: string, path: string): boolean {
  const [, negated, matchedPath] = new RegExp(`^\\s*${matcher} (not )?path (\\S+)$`, 'm').exec(text)!;
  return (matchedPath === path) !== (negated !== undefined);
}

function readNginx(text: string): { location: string; headers: HeaderMap }[] {
  const locations: { location: string; headers: HeaderMap }[] = [];
  for (const line of text.split('\n').map((l) => l.trim())) {
    const open = /^location (.+) \{$/.exec(line);
    if (open) locations.push({ location: open[1]!, headers: {} });
    const add = /^add_header (\S+) "(.*)" always;$/.exec(line);
    if (add) locations.at(-1)!.headers[add[1]!.toLowerCase()] = add[2]!;
  }
  return locations;
}
/** nginx: an exact `= /path` location wins; otherwise the longest matching prefix. */
function nginxPick(locations: { location: string; headers: HeaderMap }[], path: string) {
  const exact = locations.find((l) => l.location === `= ${path}`);
  if (exact) return exact;
  return locations
    .filter((l) => !l.location.startsWith('=') && path.startsWith(l.location))
    .sort((a, b) => b.location.length - a.location.length)[0];
}

describe('hosting recipes', () => {
  it('_headers (Netlify, Cloudflare Pages): one rule per path, with the static server’s headers', () => {
    const rules = readNetlify(recipes()._headers);
    for (const path of PATHS) {
      const matching = rules.filter((rule) => netlifyMatches(rule.pattern, path));
      expect(matching, path).toHaveLength(1);
      expect(matching[0]!.headers, path).toEqual(expected.get(path));
    }
  });

  it('vercel.json: one rule per path, with the static server’s headers', () => {
    const config = JSON.parse(recipes()['vercel.json']) as { headers: { source: string; headers: { key: string; value: string }[] }[] };
    for (const path of PATHS) {
      const matching = config.headers.filter((rule) => new RegExp(`^${rule.source}$`).test(path));
      expect(matching, path).toHaveLength(1);
      expect(Object.fromEntries(matching[0]!.headers.map(({ key, value }) => [key.toLowerCase(), value])), path).toEqual(
        expected.get(path),
      );
    }
  });

  it('Caddyfile: one header block per path, with the static server’s headers', () => {
    const text = recipes()['hosting/Caddyfile'];
    const blocks = readCaddy(text);
    for (const path of PATHS) {
      const matching = blocks.filter((block) => caddyMatches(text, block.matcher, path));
      expect(matching, path).toHaveLength(1);
      expect(matching[0]!.headers, path).toEqual(expected.get(path));
    }
  });

  it('nginx: the location nginx picks for each path carries the static server’s headers', () => {
    const locations = readNginx(recipes()['hosting/nginx.conf']);
    for (const path of PATHS) expect(nginxPick(locations, path)?.headers, path).toEqual(expected.get(path));
  });

  it('names folders with a splat and leaves no top-level entry without a rule', async () => {
    await mkdir(join(dir, 'extra'), { recursive: true });
    await writeFile(join(dir, 'extra', 'x.txt'), 'x');
    const rules = readNetlify(hostingRecipes([...entries, { name: 'extra', folder: true }])._headers).map((rule) => rule.pattern);
    expect(rules).toContain('/extra/*');
    for (const entry of entries)
      expect(rules.some((pattern) => netlifyMatches(pattern, `/${entry.name}${entry.folder ? '/x' : ''}`))).toBe(true);
  });
});
