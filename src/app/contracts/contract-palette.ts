/** The contract's entries in the command palette (listed once in src/app/palette/palette-sources.ts). */
import { NOT_CONNECTED, type PaletteSource } from '../palette/palette-command.ts';

export const contractPaletteCommands: PaletteSource = ({ app, workspace, chooseSessionFile }) => {
  const live = app.connection.getState().phase === 'connected' && app.sessionFile.getState().replay === null;
  const busy = app.contract.getState().activity !== null ? 'A contract snapshot is being taken: see the Contract tab.' : null;
  const unavailable = live ? busy : NOT_CONNECTED;
  const focus = { kind: 'tab', name: 'Contract' } as const;
  const show = () => app.nav.getState().actions.go('Contract');
  const { connections, activeId } = workspace.store.getState();
  const peers = connections.filter(
    (other) =>
      other.id !== activeId && other.app.connection.getState().phase === 'connected' && other.app.sessionFile.getState().replay === null,
  );
  return [
    {
      id: 'contract-save',
      group: 'Command',
      label: 'Save contract snapshot',
      destructive: false,
      keywords: 'contract snapshot schema export breaking',
      unavailable,
      focus,
      run: () => {
        show();
        void app.commands.contract.saveContractSnapshot();
      },
    },
    {
      id: 'contract-compare-file',
      group: 'Command',
      label: 'Compare contract with a snapshot file…',
      destructive: false,
      keywords: 'contract diff breaking changes open',
      unavailable,
      focus: { kind: 'return' },
      // The file picker takes any file MCP Lens opens; a contract snapshot is compared with this server.
      run: chooseSessionFile,
    },
    ...peers.map((peer) => {
      const name = peer.app.name();
      return {
        id: `contract-compare-connection:${name}`,
        group: 'Command' as const,
        label: `Compare contract with ${name}`,
        destructive: false,
        keywords: 'contract diff breaking changes staging production',
        unavailable,
        focus,
        run: () => {
          show();
          void app.commands.contract.compareContractWithConnection({
            name,
            takeContractSnapshot: peer.app.commands.contract.takeContractSnapshot,
          });
        },
      };
    }),
  ];
};
