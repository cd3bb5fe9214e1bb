/** A session file as a kind of file the workspace opens (file-kinds.ts): read-only, as a replay. */
import { SESSION_FILE_EXTENSION, SESSION_FILE_FORMAT } from '../../shared/session-file/session-file-format.ts';
import type { FileKind } from '../files/file-kind.ts';

const MARKER = new RegExp(`"format"\\s*:\\s*"${SESSION_FILE_FORMAT}"`);

export const sessionFileKind: FileKind = {
  noun: 'a session file',
  extension: SESSION_FILE_EXTENSION,
  sniff: (head) => MARKER.test(head),
  isOpenIn: (app) => app.sessionFile.getState().replay !== null,
  async open(app, file) {
    return (await app.commands.sessionFile.openSessionFile(file))
      ? null
      : (app.sessionFile.getState().openError ?? `${file.name} did not open.`);
  },
};
