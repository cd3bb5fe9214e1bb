/**
 * A contract snapshot as a kind of file the workspace opens (file-kinds.ts): Open file or a drop compares the
 * connection on screen with it (`inPlace`: no connection of its own), in the Contract tab.
 */
import type { FileKind } from '../files/file-kind.ts';

/** True when a file's first bytes say it is a contract snapshot (the format marker is its first key). */
const looksLikeContractSnapshot = (head: string): boolean => /"format"\s*:\s*"mcp-lens-contract"/.test(head);

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
