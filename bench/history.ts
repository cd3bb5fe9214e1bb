/**
 * The bench's own history. `--json [file]` writes this run's figures (default `.bench/last-run.json`);
 * `--compare [file]` reads a baseline (default `bench/baseline.json`, checked in) and flags every figure more
 * than 20% worse, exiting 1 if any is. Figures in KB and × (ratios measured within one run, such as the
 * round trip) are compared as they are. Times in ms drift with the machine's speed and load, so each is
 * first divided by this run's calibration: a fixed piece of JavaScript timed at the start and end of the run,
 * on the same machine under the same load. A difference under 5 ms is never a regression (timer noise).
 * Counts are compared by their verdict: a figure that met its target in the baseline must still meet it.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname } from 'node:path';

export interface Row {
  figure: string;
  value: string;
  target: string;
  ok: boolean;
}

interface Figure extends Row {
  /** The leading number of `value`, in `unit`. */
  number?: number;
  unit?: 'ms' | 'KB' | '×';
}

export interface RunFile {
  date: string;
  commit?: string;
  cpus: number;
  loadAverage: { start: number[]; end: number[] };
  /** Median ms of the fixed calibration work (see `calibrate`). */
  calibrationMs: number;
  figures: Figure[];
}

const WORSE_BY = 1.2;
const NOISE_MS = 5;

const argAfter = (flag: string, fallback: string): string | undefined => {
  const at = process.argv.indexOf(flag);
  if (at === -1) return undefined;
  const next = process.argv[at + 1];
  return next && !next.startsWith('--') ? next : fallback;
};
export const jsonOut = () => argAfter('--json', '.bench/last-run.json');
export const compareWith = () => argAfter('--compare', 'bench/baseline.json');

/** Fixed work: builds, serialises and parses the same object tree. Its time tracks the machine's speed now. */
function calibrationRound(): number {
  const started = performance.now();
  const tree = Array.from({ length: 20_000 }, (_, i) => ({ id: i, name: `item ${i}`, tags: ['a', 'b', String(i % 7)] }));
  for (let round = 0; round < 5; round += 1) JSON.parse(JSON.stringify(tree));
  return performance.now() - started;
}

export function calibrate(): number {
  const times = Array.from({ length: 7 }, calibrationRound).sort((a, b) => a - b);
  return times[3]!;
}

function parse(row: Row): Figure {
  const match = /^([\d.,]+)\s*(ms|KB|×)/.exec(row.value);
  if (!match || row.target.startsWith('(informational')) return row;
  return { ...row, number: Number(match[1]!.replace(/,/g, '')), unit: match[2] as NonNullable<Figure['unit']> };
}

export function runFile(rows: Row[], calibrationMs: number, loadStart: number[], commit?: string): RunFile {
  return {
    date: new Date().toISOString(),
    ...(commit && { commit }),
    cpus: cpus().length,
    loadAverage: { start: loadStart, end: loadavg() },
    calibrationMs,
    figures: rows.map(parse),
  };
}

export function writeRunFile(path: string, run: RunFile): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(run, null, 2)}\n`);
}

/** Each figure worse than the baseline by more than 20%, as a sentence; empty when none is. */
export function regressions(baseline: RunFile, run: RunFile): string[] {
  const before = new Map(baseline.figures.map((figure) => [figure.figure, figure]));
  const found: string[] = [];
  for (const now of run.figures) {
    const base = before.get(now.figure);
    if (!base) continue;
    if (now.number === undefined || base.number === undefined || now.unit !== base.unit) {
      if (base.ok && !now.ok) found.push(`${now.figure}: ${now.value}, no longer meets ${now.target} (baseline ${base.value})`);
      continue;
    }
    if (now.unit === 'ms') {
      // In baseline milliseconds: this run's figure scaled by how much faster or slower the machine is now.
      const scaled = now.number * (baseline.calibrationMs / run.calibrationMs);
      if (scaled > base.number * WORSE_BY && scaled - base.number > NOISE_MS)
        found.push(
          `${now.figure}: ${now.value}, ${((scaled / base.number - 1) * 100).toFixed(0)}% worse than the baseline's ${base.value} after scaling by the machine's speed (calibration ${run.calibrationMs.toFixed(0)} vs ${baseline.calibrationMs.toFixed(0)} ms)`,
        );
    } else if (now.number > base.number * WORSE_BY) {
      found.push(
        `${now.figure}: ${now.value}, ${((now.number / base.number - 1) * 100).toFixed(0)}% worse than the baseline's ${base.value}`,
      );
    }
  }
  return found;
}

export const readRunFile = (path: string): RunFile => JSON.parse(readFileSync(path, 'utf8')) as RunFile;

const load = (values: number[]) => values.map((value) => value.toFixed(1)).join(' ');

export function printSummary(rows: Row[], loadStart: number[], calibrationMs: number): void {
  console.log(
    `\nSummary (${cpus().length} CPUs, load average ${load(loadStart)} at the start, ${load(loadavg())} at the end; ` +
      `calibration ${calibrationMs.toFixed(0)} ms; long tasks and latencies grow with load)`,
  );
  const width = Math.max(...rows.map((row) => row.figure.length));
  for (const row of rows) console.log(`${row.ok ? '✓' : '✗'} ${row.figure.padEnd(width)}  ${row.value.padEnd(40)}  target ${row.target}`);
}
