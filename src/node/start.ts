// `npm start [-- -- <command>]` (the script builds first): the process entry of startLocal (start-local.ts) and nothing else.
import { processRun } from './command/process-run.ts';
import { askAtTerminal } from './npx/ask-at-terminal.ts';
import { startLocal } from './start-local.ts';

await processRun((io) => startLocal(io, process.argv.slice(2), process.stdin.isTTY ? { ask: askAtTerminal } : {}));
