/**
 * A contract snapshot as a kind of file the workspace opens (file-kinds.ts): Open file or a drop compares the
 * connection on screen with it (`inPlace`: no connection of its own), in the Contract tab.
 */
import { looksLikeContractSnapshot } from '../../shared/contract/contract-snapshot.ts';
import type { FileKind } from '../files/file-kind.ts';

export const contractSnapshotKind: FileKind = {
  noun: 'a contract snapshot',
  // The app names its snapshots mcp-lens-contract-….json and finds them by their first bytes; this ending is
  // the fallback for a damaged one named as the docs name them.
  extension: '.contract.json',
  inPlace: true,
  sniff: looksLikeContractSnapshot,
  isOpenIn: () => false,
  async open(app, file) {
    if (app.connection.getState().phase !== 'connected' || app.sessionFile.getState().replay !== null)
      return `${file.name} is a contract snapshot: connect to a server, then open it to compare the server with it.`;
    app.view.getState().actions.showTab('Contract');
    // What went wrong (a damaged file, a listing that failed) is said in the Contract tab, now on screen.
    await app.commands.contract.compareContractWithFile(file);
    return null;
  },
};
