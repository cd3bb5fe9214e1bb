/**
 * The contract's commands as the app offers them from the start, their code (the snapshot's writer and reader;
 * the listing and the diff load later still, with their first job) loaded on first use: listed once in
 * src/app/lens-app.ts.
 */
import type { EngineError } from '../../shared/errors.ts';
import { onFirstUse } from '../../shared/on-first-use.ts';
import { deferCommands } from '../features/defer-commands.ts';
import type { contractCommands } from './contract-commands.ts';

type ContractCommands = ReturnType<typeof contractCommands>;

export const lazyContractCommands = (deps: Parameters<typeof contractCommands>, failed: (error: EngineError) => void) =>
  deferCommands<ContractCommands>(
    {
      takeContractSnapshot: true,
      saveContractSnapshot: true,
      compareContractWithFile: true,
      compareContractWithConnection: true,
      swapContractSides: true,
    },
    onFirstUse(async () => (await import('./contract-commands.ts')).contractCommands(...deps), 'its contract snapshots'),
    failed,
  );
