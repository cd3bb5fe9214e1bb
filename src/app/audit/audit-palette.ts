/** The audit's entries in the command palette (listed once in src/app/palette/palette-sources.ts). */
import { NOT_CONNECTED, type PaletteSource } from '../palette/palette-command.ts';

export const auditPaletteCommands: PaletteSource = ({ app }) => {
  const connected = app.connection.getState().phase === 'connected';
  const replaying = app.sessionFile.getState().replay !== null;
  return [
    {
      id: 'audit',
      group: 'Command',
      label: 'Audit this server',
      destructive: false,
      keywords: 'conformance check spec report',
      unavailable:
        !connected || replaying
          ? NOT_CONNECTED
          : app.audit.getState().run?.status === 'running'
            ? 'An audit is running: see the Audit tab.'
            : null,
      focus: { kind: 'tab', name: 'Audit' },
      // Reads only: the tools it may call are ticked in the Audit tab.
      run: () => {
        app.nav.getState().actions.go('Audit');
        void app.commands.audit.startAudit();
      },
    },
  ];
};
