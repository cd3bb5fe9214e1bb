/**
 * Contracts in the app (docs/contracts.md): "Save contract snapshot" writes the connected server's contract
 * as `mcp-lens snapshot` writes it (the same listing, `listWholeSurface`, and the same builder and text), and
 * "Compare with…" diffs it against a snapshot file or another open connection's server, by the CLI's rules.
 * The listing is a job (`contract-surface`, src/app/calls.ts), one at a time per connection, stopped only by
 * the registry; the outcome is in the `contract` store (src/state/contract-store.ts).
 */
import type { EngineClient } from '../../bridge/index.ts';
import { readSnapshot, snapshotOf, snapshotText } from '../../shared/contract/contract-snapshot.ts';
import type { ContractListing } from '../../shared/contract/contract-jobs.ts';
import { asEngineError } from '../../shared/errors.ts';
import type { ContractSide } from '../../state/contract-store.ts';
import type { callCommands } from '../calls.ts';
import type { AppEffects } from '../effects.ts';
import { exportRefusal } from '../presentation/export-rule.ts';
import { exportFileName } from '../files/file-stamp.ts';
import type { Stores } from '../stores.ts';

/** A snapshot file bigger than this is not one MCP Lens wrote for a server a person could read. */
const MAX_SNAPSHOT_BYTES = 50_000_000;

/** What a comparison with another open connection needs from it: its name and a way to take its snapshot. */
export interface ContractPeer {
  name: string;
  takeContractSnapshot(): Promise<ContractListing>;
}

/**
 * The job's work: the connected server's whole surface. The job's id goes with each list request; the engine
 * does not mark list requests with it (yet), so their log lines are the Tools, Prompts and Resources tabs' kind.
 */
export function contractSurfaceLister(client: EngineClient, stores: Pick<Stores, 'connection'>) {
  return async (signal: AbortSignal, job: string): Promise<ContractListing> => {
    const { phase, summary } = stores.connection.getState();
    if (phase !== 'connected' || !summary) throw { code: 'not-connected', message: 'Not connected: connect first.' };
    const warnings: string[] = [];
    // The listing and the rules load with the first contract job, not with the page.
    const { listWholeSurface, UnendingListError } = await import('../../shared/contract/surface-listing.ts');
    try {
      const surface = await listWholeSurface(
        summary,
        (method, params) => client.call(method, params, signal, job),
        (line) => warnings.push(line),
      );
      return { snapshot: snapshotOf(surface), warnings };
    } catch (error) {
      if (error instanceof UnendingListError) throw { code: 'bad-response', message: error.message };
      throw error;
    }
  };
}

export function contractCommands(
  jobs: Pick<ReturnType<typeof callCommands>, 'awaitCall'>,
  stores: Pick<Stores, 'contract' | 'prefs' | 'connection' | 'sessionFile'>,
  effects: Pick<AppEffects, 'now' | 'download'>,
  refuse: (reason: string) => void,
  /** What the workspace calls this connection: the snapshot file is named after it. */
  nameOf: () => string,
) {
  const contract = () => stores.contract.getState().actions;
  const why = (error: unknown) => asEngineError(error).message;

  /** This connection's contract now, through the jobs registry. Throws the job's error. */
  const takeContractSnapshot = (): Promise<ContractListing> => jobs.awaitCall('contract-surface', {});

  /** Compares with `old` as the baseline, this connection as the new side. */
  async function compareAgainst(old: () => Promise<Omit<ContractSide, 'snapshot'> & ContractListing>, against: string): Promise<boolean> {
    contract().began({ kind: 'comparing', against });
    try {
      const { diffContracts } = await import('../../shared/contract/contract-diff.ts');
      const [base, mine] = await Promise.all([
        old(),
        takeContractSnapshot().catch((error: unknown) => Promise.reject(sideError(nameOf(), error))),
      ]);
      contract().compared({
        old: { label: base.label, kind: base.kind, snapshot: base.snapshot },
        new: { label: nameOf(), kind: 'connection', snapshot: mine.snapshot },
        changes: diffContracts(base.snapshot, mine.snapshot),
        warnings: [...base.warnings, ...mine.warnings],
        at: effects.now(),
      });
      return true;
    } catch (error) {
      contract().failed(error instanceof SideError ? error.message : why(error));
      return false;
    }
  }

  return {
    takeContractSnapshot,
    /**
     * Downloads this server's contract snapshot, the bytes `mcp-lens snapshot` writes, as
     * `mcp-lens-contract-<name>-<time>.json`. Demo mode writes no file (export-rule.ts). False when nothing was written.
     */
    async saveContractSnapshot(): Promise<boolean> {
      const refusal = exportRefusal(stores);
      if (refusal !== null) {
        refuse(refusal);
        return false;
      }
      contract().began({ kind: 'saving' });
      try {
        const { snapshot } = await takeContractSnapshot();
        const fileName = exportFileName('contract', nameOf(), new Date(effects.now()), '.json');
        effects.download(fileName, new Blob([snapshotText(snapshot)], { type: 'application/json' }));
        contract().savedAs(fileName);
        return true;
      } catch (error) {
        contract().failed(`The contract snapshot was not saved: ${why(error)}`);
        return false;
      }
    },
    /** Compares this server with a snapshot file (the baseline); a file that is not one says so. */
    compareContractWithFile(file: Blob & { name: string }): Promise<boolean> {
      return compareAgainst(async () => {
        if (file.size > MAX_SNAPSHOT_BYTES)
          throw new SideError(`${file.name}: ${Math.round(file.size / 1e6)} MB is too big for a contract snapshot.`);
        let snapshot;
        try {
          snapshot = readSnapshot(await file.text(), file.name);
        } catch (error) {
          throw new SideError(
            (error as Error).message.replace('"mcp-lens snapshot <url> --out <file>"', '"Save contract snapshot" (or mcp-lens snapshot)'),
          );
        }
        return { label: file.name, kind: 'file', snapshot, warnings: [] };
      }, file.name);
    },
    /** Compares this server with another open connection's (the baseline: production, when this is staging). */
    compareContractWithConnection(peer: ContractPeer): Promise<boolean> {
      return compareAgainst(async () => {
        const listing = await peer.takeContractSnapshot().catch((error: unknown) => Promise.reject(sideError(peer.name, error)));
        return { label: peer.name, kind: 'connection', ...listing };
      }, peer.name);
    },
    /** The comparison the other way round: what changes for the clients of the side that was new. */
    async swapContractSides(): Promise<void> {
      const { comparison } = stores.contract.getState();
      if (!comparison) return;
      const { diffContracts } = await import('../../shared/contract/contract-diff.ts');
      contract().swapped(diffContracts(comparison.new.snapshot, comparison.old.snapshot));
    },
  };
}

/** A side of a comparison that could not be taken: its message says which side and why. */
class SideError extends Error {}

const sideError = (name: string, error: unknown) =>
  new SideError(`${name}: its contract could not be listed: ${asEngineError(error).message}`);
