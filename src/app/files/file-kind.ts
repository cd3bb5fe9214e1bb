/**
 * A kind of file MCP Lens opens (**Open session**, the palette's "Open a file"), and how the workspace
 * tells which kind a file is. The kinds themselves live in their features' folders and are listed once in
 * file-kinds.ts; nothing here names one.
 */
import type { LensApp } from '../lens-app.ts';

export interface FileKind {
  /** What a person calls such a file, for the error a file no kind takes gets: "a session file". */
  noun: string;
  /** The file name's ending MCP Lens gives it, e.g. `.mcplens.json`. */
  extension: string;
  /** True when the file's first bytes (`SNIFF_BYTES` of them, as text) say it is this kind. */
  sniff(head: string): boolean;
  /**
   * Opens into the connection on screen instead of a read-only connection of its own: a file that is not
   * a connection's record but something to use with it (a contract snapshot, compared with its server; a
   * collection, run against it).
   */
  inPlace?: boolean;
  /**
   * For a kind `inPlace`: what opening a file of this kind in `app` would replace that no file holds yet (a
   * collection with unsaved changes), else null. The workspace asks the person before that goes.
   */
  unsaved?(app: LensApp): UnsavedWork | null;
  /** True while `app` shows a file of this kind (then a new file gets a connection of its own). */
  isOpenIn(app: LensApp): boolean;
  /** Opens the file read-only in `app` (or uses it there, `inPlace`) and shows it: null when it opened, else why not, for a person. */
  open(app: LensApp, file: File): Promise<string | null>;
}

/** Work that opening a file would replace and that is in no file yet. */
export interface UnsavedWork {
  /** What it is called, as its file would say it (a collection's name; may be empty). */
  name: string;
  /** The command that would keep it, as its button says: "Save collection". */
  save: string;
}

/**
 * Asks the person whether `work` may go for the file they chose: true to discard it and open the file. How is
 * the caller's (a dialog in the page); the workspace only waits for the answer.
 */
export type AskToDiscard = (work: UnsavedWork) => Promise<boolean>;

/** How much of a file is read to tell its kind: the format marker is in the first line MCP Lens writes. */
export const SNIFF_BYTES = 1024;

/** The kind a file is, by its first bytes (content decides first), else by its name's ending; undefined when no kind takes it. */
export function fileKindOf(kinds: readonly FileKind[], name: string, head: string): FileKind | undefined {
  return kinds.find((kind) => kind.sniff(head)) ?? kinds.find((kind) => name.toLowerCase().endsWith(kind.extension));
}

/** Why a file no kind takes does not open, and what does. */
export function unknownFileError(kinds: readonly FileKind[], name: string): string {
  const takes = kinds.map((kind) => `${kind.noun} (${kind.extension})`);
  const list = takes.length > 1 ? `${takes.slice(0, -1).join(', ')} or ${takes.at(-1)}` : (takes[0] ?? 'nothing');
  return `${name} is not a file MCP Lens opens: open ${list} that MCP Lens saved.`;
}

/** The file picker's `accept`: every kind's ending, and JSON, since a file may have been renamed. */
export const fileAccept = (kinds: readonly FileKind[]) => [...kinds.map((kind) => kind.extension), '.json', 'application/json'].join(',');
