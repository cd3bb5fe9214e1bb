/**
 * A collection as a kind of file the workspace opens (file-kinds.ts): into the Collections tab of the
 * connection on screen, since a collection is run against a live server rather than replayed.
 */
import { COLLECTION_FORMAT } from '../../shared/collection/format.ts';
import type { FileKind } from '../files/file-kind.ts';

/**
 * A collection's name ending, as the docs name one by hand (`smoke.collection.json`): by it a file whose first
 * bytes do not say what it is still gets the collection's own error. What Save writes says so in its first
 * bytes and is plain `.json` (`mcp-lens-collection-<name>-<time>.json`), so any editor and CI read it.
 */
const COLLECTION_EXTENSION = '.collection.json';

const MARKER = new RegExp(`"format"\\s*:\\s*"${COLLECTION_FORMAT}"`);

export const collectionFileKind: FileKind = {
  noun: 'a collection',
  extension: COLLECTION_EXTENSION,
  sniff: (head) => MARKER.test(head),
  inPlace: true,
  // A collection file replaces the open collection: its edits that Save collection has not written would go.
  unsaved(app) {
    const { collection, dirty } = app.collections.getState();
    return collection !== null && dirty ? { name: collection.name, save: 'Save collection' } : null;
  },
  // The open collection belongs to the workspace and occupies no connection.
  isOpenIn: () => false,
  async open(app, file) {
    return (await app.commands.collections.openCollectionFile(file))
      ? null
      : (app.collections.getState().openError ?? `${file.name} did not open.`);
  },
};
