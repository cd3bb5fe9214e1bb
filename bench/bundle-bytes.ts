/**
 * What the built app's scripts weigh, counted as the performance budgets count them (gzip -9):
 * - the engine worker script (`dist/assets/worker-*.js`), which loads before Connect; the chunks it loads on
 *   first use are not in it (src/engine/README.md, "What loads on first use");
 * - the first screen: the entry script and what index.html preloads.
 * The bench's load step reports both. `npx tsx bench/bundle-bytes.ts` prints them for the current dist/
 * (build first with `npx vite build`); `--sources` adds what the worker script is made of, read from its
 * source map: the bytes each source file generated, and that share of the gzip -9 size.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const gzip9 = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).length;

/** The engine worker script's path in a built folder (the session-file worker has its own name). */
export function workerScript(root: string): string {
  const found = readdirSync(`${root}assets`).filter((name) => /^worker-[\w-]+\.js$/.test(name));
  if (found.length !== 1) throw new Error(`Expected one engine worker script in ${root}assets, found ${found.length}.`);
  return `${root}assets/${found[0]}`;
}

/** The engine worker script, gzip -9, in bytes. */
export function workerScriptBytes(root: string): number {
  return gzip9(readFileSync(workerScript(root)));
}

/** The entry script and what index.html preloads, gzip -9, in bytes. Lazy chunks and workers are not on it. */
export function firstScreenBytes(root: string): number {
  const html = readFileSync(`${root}index.html`, 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\.\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
  return files.reduce((sum, file) => sum + gzip9(readFileSync(`${root}${file}`)), 0);
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Each generated line's segments as [column, source index or -1], from a source map's VLQ `mappings`. */
function decodeMappings(mappings: string): Array<Array<[number, number]>> {
  let source = 0;
  return mappings.split(';').map((line) => {
    let column = 0;
    return line
      .split(',')
      .filter(Boolean)
      .map((segment): [number, number] => {
        const fields: number[] = [];
        let value = 0;
        let shift = 0;
        for (const char of segment) {
          const digit = BASE64.indexOf(char);
          value += (digit & 31) << shift;
          shift += 5;
          if (digit & 32) continue;
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = shift = 0;
        }
        column += fields[0]!;
        if (fields.length === 1) return [column, -1];
        source += fields[1]!;
        return [column, source];
      });
  });
}

/** Bytes of `script` per source file of its map (`<script>.map`), largest first. */
export function bytesBySource(script: string): Array<{ source: string; bytes: number }> {
  const lines = readFileSync(script, 'utf8').split('\n');
  const map = JSON.parse(readFileSync(`${script}.map`, 'utf8')) as { sources: string[]; mappings: string };
  const totals = new Map<string, number>();
  const add = (source: string, text: string) => totals.set(source, (totals.get(source) ?? 0) + Buffer.byteLength(text));
  decodeMappings(map.mappings).forEach((segments, index) => {
    const line = lines[index] ?? '';
    let from = 0;
    let source = '(unmapped)';
    for (const [column, sourceIndex] of segments) {
      add(source, line.slice(from, column));
      from = column;
      source =
        sourceIndex === -1
          ? '(unmapped)'
          : (map.sources[sourceIndex] ?? '(unmapped)').replace(/^(\.\.\/)+/, '').replace(/^.*?node_modules\//, 'node_modules/');
    }
    add(source, `${line.slice(from)}\n`);
  });
  return [...totals].map(([source, bytes]) => ({ source, bytes })).sort((a, b) => b.bytes - a.bytes);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('../dist/', import.meta.url));
  const worker = workerScriptBytes(root);
  console.log(`engine worker script: ${kb(worker)} gzip -9 (${worker} bytes)`);
  console.log(`first screen: ${kb(firstScreenBytes(root))} gzip -9`);
  if (process.argv.includes('--sources')) {
    const sources = bytesBySource(workerScript(root));
    const total = sources.reduce((sum, { bytes }) => sum + bytes, 0);
    for (const { source, bytes } of sources.slice(0, 40)) {
      console.log(`${kb(bytes).padStart(9)} raw  ~${kb((bytes / total) * worker).padStart(8)} gzip -9  ${source}`);
    }
  }
}
