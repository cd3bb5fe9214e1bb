/** The Collections feature's entries in the command palette (listed once in src/app/palette/palette-sources.ts). */
import { NOT_CONNECTED, type PaletteSource } from '../palette/palette-command.ts';
import { missingVariables, missingVariablesText } from './run-variables.ts';

export const collectionsPaletteCommands: PaletteSource = ({ app }) => {
  const { collection, run, values } = app.collections.getState();
  const missing = collection === null ? [] : missingVariables(collection, values);
  const connected = app.connection.getState().phase === 'connected';
  const replaying = app.sessionFile.getState().replay !== null;
  const none = 'No collection is open: add a call to one (Add to collection), or open a collection file.';
  const running = run?.status === 'running';
  return [
    {
      id: 'collection-run',
      group: 'Command',
      label: 'Run collection',
      destructive: false,
      keywords: 'test regression snapshot steps',
      unavailable:
        collection === null
          ? none
          : !connected || replaying
            ? NOT_CONNECTED
            : running
              ? 'The collection is running: see the Collections tab.'
              : missing.length > 0
                ? `${missingVariablesText(missing)} The Collections tab asks for each.`
                : null,
      focus: { kind: 'tab', name: 'Collections' },
      // The file is the consent: a step that may change things runs only when it says so.
      run: () => {
        app.nav.getState().actions.go('Collections');
        void app.commands.collections.runOpenCollection();
      },
    },
    {
      id: 'collection-save',
      group: 'Command',
      label: 'Save collection',
      destructive: false,
      keywords: 'download file export test',
      unavailable: collection === null ? none : null,
      // A download: nothing on screen changes.
      focus: { kind: 'return' },
      run: () => {
        void app.commands.collections.saveCollection();
      },
    },
  ];
};
