/**
 * What the command palette offers: one command, where focus goes after it, and what a source of commands
 * is given to build its list. The registry (command-registry.ts) and the features' own palette entries
 * (palette-sources.ts) share these.
 */
import type { LensApp } from '../lens-app.ts';
import type { Workspace } from '../workspace.ts';

export type CommandGroup = 'Command' | 'Tab' | 'Tool' | 'Resource' | 'Template' | 'Prompt' | 'Saved call' | 'Saved server' | 'Connection';

/** Where focus goes after a command: where the choice leads, never nowhere (`<body>`). */
export type FocusTarget =
  /** Back to what had focus before the palette opened (the command changed nothing on screen). */
  | { kind: 'return' }
  /** The selected tab of the feature tabs. */
  | { kind: 'tabs' }
  /** The tab with this name. */
  | { kind: 'tab'; name: string }
  /** The detail whose heading is `title` (a tool's or a prompt's): its first field, else its heading. */
  | { kind: 'detail'; title: string }
  /** The Message log's one Tab stop: its selected row, else the list (arrow keys move inside). */
  | { kind: 'log' }
  /** A control by its role and accessible name. */
  | { kind: 'control'; role: 'button' | 'textbox'; name: string };

export interface PaletteCommand {
  /** Stable across page loads (usage is remembered by it); not unique when a server repeats a name. */
  id: string;
  group: CommandGroup;
  label: string;
  /** Also searched, not shown: the URL of a saved server, the tool of a saved call. */
  keywords?: string;
  /** Ends or replaces something (a session, a log): never preselected. */
  destructive: boolean;
  /** Why it cannot run now; null when it can. */
  unavailable: string | null;
  focus: FocusTarget;
  run(): void;
}

export interface RegistryContext {
  app: LensApp;
  workspace: Pick<Workspace, 'store' | 'add' | 'select'>;
  /** The feature tabs on screen, by name. */
  tabs: readonly string[];
  /** The theme in effect, so the command can name the other one. */
  theme: 'light' | 'dark';
  /** Opens the file picker for a session file (a browser dialog, so the view brings it). */
  chooseSessionFile(): void;
  now(): number;
}

export const NOT_CONNECTED = 'Not connected: connect first.';

/** A feature's palette entries, built from the stores as they are when the palette opens. */
export type PaletteSource = (ctx: RegistryContext) => PaletteCommand[];
