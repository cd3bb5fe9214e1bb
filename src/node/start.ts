// `npm start [-- -- <command>]` (the script builds first): the process entry of startLocal (start-local.ts) and nothing else.
import { processRun } from './command/process-run.ts';
import { startLocal } from './start-local.ts';

await processRun((io) => startLocal(io, process.argv.slice(2)));
