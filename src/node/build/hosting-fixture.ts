/** A stand-in for a built app, and the headers the project's static server sends for it (the reference). */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BuiltEntry } from './hosting-recipes.ts';

export type HeaderMap = Record<string, string>;

/** One path of each kind a build has: the app, its pages, a hashed asset, a public file and the sandbox page. */
export const PATHS = ['/', '/index.html', '/oauth-callback.html', '/sandbox.html', '/favicon.svg', '/assets/index-abc123.js'] as const;

/** Headers that belong to the response, not to the hosting policy. */
const TRANSPORT_HEADERS = new Set([
  'content-type',
  'content-length',
  'cache-control',
  'date',
  'connection',
  'keep-alive',
  'server',
  'etag',
  'last-modified',
  'accept-ranges',
]);

export async function fakeBuild(dir: string): Promise<BuiltEntry[]> {
  await mkdir(join(dir, 'assets'), { recursive: true });
  const files = ['index.html', 'oauth-callback.html', 'sandbox.html', 'favicon.svg', 'assets/index-abc123.js'];
  await Promise.all(files.map((file) => writeFile(join(dir, file), `/* ${file} */\n`)));
  return [{ name: 'assets', folder: true }, ...files.filter((file) => !file.includes('/')).map((name) => ({ name, folder: false }))];
}

/** The policy headers a server at `base` sends for each of PATHS, lower-cased. */
export async function builtHeaders(base: string): Promise<Map<string, HeaderMap>> {
  const byPath = new Map<string, HeaderMap>();
  for (const path of PATHS) byPath.set(path, await policyHeaders(new URL(path.slice(1), base).href));
  return byPath;
}

export async function policyHeaders(url: string): Promise<HeaderMap> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  await response.arrayBuffer();
  return Object.fromEntries([...response.headers].filter(([name]) => !TRANSPORT_HEADERS.has(name)));
}
