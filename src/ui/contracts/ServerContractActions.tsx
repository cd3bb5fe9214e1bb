import { ExportButton } from '../presentation/ExportButton.tsx';
import { useCommands, useScope, useStoreOf } from '../services.tsx';

/**
 * The server card's way to the contract (docs/contracts.md): save its snapshot here, or go to the Contract
 * tab to compare it; what happens is said in that tab.
 */
export function ServerContractActions() {
  const { saveContractSnapshot } = useCommands().contract;
  const { ready, recording } = useScope();
  // A saved session has no live server to list: the buttons stay, disabled.
  const live = ready && !recording;
  const busy = useStoreOf('contract', (state) => state.activity !== null);
  const go = useStoreOf('nav', (state) => state.actions.go);
  return (
    <span className="server-contract">
      <ExportButton
        className="button button-small"
        disabled={!live || busy}
        title="Download this server's contract, the file mcp-lens snapshot writes"
        onClick={() => {
          go('Contract');
          void saveContractSnapshot();
        }}
      >
        Save contract snapshot
      </ExportButton>{' '}
      <button type="button" className="button button-small" disabled={!live} onClick={() => go('Contract')}>
        Compare…
      </button>
    </span>
  );
}
