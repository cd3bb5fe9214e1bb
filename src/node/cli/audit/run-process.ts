/** The audit command's process: real fetch, stdout and files, and Ctrl-C to stop a run early. */
import { writeFile } from 'node:fs/promises';
import { nodeRawHttp } from '../../http/raw-http.ts';
import { auditCommand } from './command.ts';

export async function runAuditProcess(argv: readonly string[]): Promise<number> {
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort());
  return auditCommand(argv, {
    fetch: (input, init) => fetch(input, init),
    rawHttp: nodeRawHttp,
    out: (line) => console.log(line),
    err: (line) => console.error(line),
    outIsTerminal: process.stdout.isTTY === true,
    writeFile: (path, text) => writeFile(path, text, 'utf8'),
    signal: stop.signal,
  });
}
