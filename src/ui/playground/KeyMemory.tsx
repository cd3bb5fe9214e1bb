import { useEffect } from 'react';
import { providerOrigin } from '../../state/index.ts';
import { ErrorDetails } from '../common/ErrorDetails.tsx';
import { useCommands, useStoreOf } from '../services.tsx';

/**
 * Where the provider key lives, in words, with "Remember on this device" (off by default, per provider
 * origin, as OAuth tokens are remembered) and Forget. The key itself never reaches this page: the worker
 * holds it, and writes it to IndexedDB only when the box is ticked.
 */
export function KeyMemory({ id }: { id: string }) {
  const baseUrl = useStoreOf('playground', (state) => state.provider.baseUrl);
  const origin = providerOrigin(baseUrl);
  const held = useStoreOf('playground', (state) => origin !== null && state.keyOrigins.includes(origin));
  const remembered = useStoreOf('playground', (state) => origin !== null && state.rememberedOrigins.includes(origin));
  const wish = useStoreOf('playground', (state) => state.rememberKey);
  const keyError = useStoreOf('playground', (state) => state.keyError);
  const { setPlaygroundKey, rememberPlaygroundKey, refreshPlaygroundKey } = useCommands().playground;

  // A key this device remembers for the chosen provider shows as held as soon as the provider is chosen.
  useEffect(() => {
    if (origin !== null) void refreshPlaygroundKey();
  }, [origin, refreshPlaygroundKey]);

  return (
    <div id={id} className="muted playground-key-note">
      <span>
        {held
          ? remembered
            ? `Key remembered on this device, sent only to ${origin}.`
            : `Key held in this tab’s memory, sent only to ${origin}.`
          : 'Kept in this tab’s memory unless remembered, sent only to the provider.'}
      </span>{' '}
      <label
        className="playground-remember"
        title="Keeps the key in this browser (IndexedDB, written by the worker) for this provider until you press Forget key. Off: it lives in memory and ends with the tab."
      >
        <input type="checkbox" checked={held ? remembered : wish} onChange={(event) => void rememberPlaygroundKey(event.target.checked)} />
        Remember on this device
      </label>{' '}
      {held && (
        <button type="button" className="button button-small" onClick={() => void setPlaygroundKey('')}>
          Forget key
        </button>
      )}
      {keyError && <ErrorDetails error={keyError} lead="The key was not changed" />}
    </div>
  );
}
