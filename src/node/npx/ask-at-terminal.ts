import { Writable } from 'node:stream';

import type { ConfigInput } from './launch-config.ts';

/** Asks for a config's input (VS Code's `inputs`) on the terminal; a password is not echoed. */
export async function askAtTerminal(input: ConfigInput): Promise<string> {
  const { createInterface } = await import('node:readline/promises');
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  let muted = false;
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  try {
    const question = rl.question(`${input.description}${input.password ? ' (not shown)' : ''}: `);
    muted = input.password;
    return await question;
  } finally {
    muted = false;
    if (input.password) process.stdout.write('\n');
    rl.close();
  }
}
