/**
 * Runs the headless CLI in-process (`runHeadless`: the smoke run, or the subcommand its first word names) the
 * way a shell would, keeping what it printed on each stream and every JSON-RPC request it sent, so a test can
 * check the report and the wire together.
 */
import { realClock, type Clock } from '../../engine/clock.ts';
import { runHeadless } from '../../node/cli/run-headless.ts';

interface SentRequest {
  method: string;
  id?: unknown;
  params?: Record<string, unknown>;
}

export interface CliRun {
  /** Settles with the exit code. */
  done: Promise<number>;
  stdout: string[];
  stderr: string[];
  /** JSON-RPC messages the CLI sent, in order. */
  sent: SentRequest[];
  /** The headers of each request it sent. */
  headers: Headers[];
  /** The names of the tools it called. */
  called(): string[];
}

export function startCli(
  argv: string[],
  options: { clock?: Clock; env?: Record<string, string>; files?: Map<string, string> } = {},
): CliRun {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const sent: SentRequest[] = [];
  const headers: Headers[] = [];
  const recordingFetch: typeof fetch = (input, init) => {
    headers.push(new Headers(init?.headers));
    if (typeof init?.body === 'string') {
      try {
        const message = JSON.parse(init.body) as SentRequest;
        if (typeof message.method === 'string') sent.push(message);
      } catch {
        // Not JSON-RPC: nothing to record.
      }
    }
    return fetch(input, init);
  };
  const done = runHeadless(argv, {
    env: options.env ?? {},
    fetch: recordingFetch,
    clock: options.clock ?? realClock,
    // --json <file> lands in `files` when given (else nowhere): a test reads it without touching the disk.
    writeFile: async (path, text) => void options.files?.set(path, text),
    // A file the command is given (a collection, a snapshot) is read from `files` too.
    readFile: async (path) => {
      const text = options.files?.get(path);
      if (text === undefined) throw new Error(`ENOENT: no such file, open '${path}'`);
      return text;
    },
    stdout: (text) => stdout.push(text),
    stderr: (text) => stderr.push(text),
  });
  const called = () => sent.filter((m) => m.method === 'tools/call').map((m) => String(m.params?.name));
  return { done, stdout, stderr, sent, headers, called };
}
