/**
 * The effects of the headless commands (the CLI, the audit): the network, the clock, the files they write
 * and their output. Each program's entry builds one from the process (processIo); tests build their own.
 */
import { readFile, writeFile } from 'node:fs/promises';

import { realClock, type Clock } from '../../engine/clock.ts';
import type { RawHttp } from '../../engine/wire/raw-http.ts';
import { nodeRawHttp } from '../http/raw-http.ts';
import type { CommandIo } from './framework.ts';
import type { JsonTarget } from './options.ts';

export interface HeadlessIo extends CommandIo {
  fetch: typeof fetch;
  clock: Clock;
  /** Writes a report file (`--json <file>`, `--junit <file>`). */
  writeFile(path: string, text: string): Promise<void>;
  /** Reads a file a command was given (`diff`'s snapshots); absent, the command says it cannot read files here. */
  readFile?(path: string): Promise<string>;
  /** Raw HTTP for the audit's checks a browser cannot make (a forged Host, a preflight read); absent, they do not apply. */
  rawHttp?: RawHttp;
  /** Aborts the run (Ctrl-C): what finished is still reported. */
  signal?: AbortSignal;
  /** Whether stdout is a terminal: there, long reasons are cut to the width; into a file or a pipe they go whole. */
  stdoutIsTerminal?: boolean;
}

/** Puts a --json document where it was asked for: stdout alone, or a file. */
export async function writeJson(target: JsonTarget, text: string, io: Pick<HeadlessIo, 'stdout' | 'writeFile'>): Promise<void> {
  if (target.to === 'stdout') io.stdout(text);
  else await io.writeFile(target.path, text);
}

/**
 * The process's own effects, for the entries (main.ts) and npx. With `interruptible` (the audit), the first
 * Ctrl-C aborts `signal` so the checks that finished are still written; without, Ctrl-C ends the process.
 */
export function processIo(interruptible = false): HeadlessIo {
  const stop = new AbortController();
  if (interruptible) process.once('SIGINT', () => stop.abort());
  return {
    env: process.env,
    fetch: (input, init) => fetch(input, init),
    clock: realClock,
    writeFile: (path, text) => writeFile(path, text, 'utf8'),
    readFile: (path) => readFile(path, 'utf8'),
    rawHttp: nodeRawHttp,
    ...(interruptible && { signal: stop.signal }),
    stdoutIsTerminal: process.stdout.isTTY === true,
    stdout: (text) => process.stdout.write(`${text}\n`),
    stderr: (text) => process.stderr.write(`${text}\n`),
  };
}
