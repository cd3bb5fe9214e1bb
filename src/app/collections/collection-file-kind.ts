/**
 * A collection as a kind of file the workspace opens (file-kinds.ts): into the Collections tab of the
 * connection on screen, since a collection is run against a live server rather than replayed.
 */
import { COLLECTION_FORMAT } from '../../shared/collection/format.ts';
import type { FileKind } from '../file-kind.ts';
import { COLLECTION_EXTENSION } from './collection-commands.ts';

const MARKER = new RegExp(`"format"\\s*:\\s*"${COLLECTION_FORMAT}"`);

export const collectionFileKind: FileKind = {
  noun: 'a collection',
  extension: COLLECTION_EXTENSION,
  sniff: (head) => MARKER.test(head),
  inPlace: true,
  // The open collection belongs to the workspace and occupies no connection.
  isOpenIn: () => false,
  async open(app, file) {
    return (await app.commands.openCollectionFile(file)) ? null : (app.collections.getState().openError ?? `${file.name} did not open.`);
  },
};
