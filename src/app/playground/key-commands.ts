/**
 * The provider key's commands. The key goes to the worker and stays there (memory, and IndexedDB when the
 * person ticks "Remember on this device"); the store learns only, per provider origin, whether a key is held
 * and whether it is remembered. Small and always loaded: the Playground asks on opening whether this device
 * remembers a key for the chosen provider.
 */
import type { EngineClient } from '../../bridge/index.ts';
import { asEngineError } from '../../shared/errors.ts';
import type { ProviderKeyState } from '../../shared/playground.ts';
import { providerOrigin } from '../../state/index.ts';
import type { Stores } from '../stores.ts';

export function playgroundKeyCommands(client: EngineClient, stores: Pick<Stores, 'playground'>) {
  const playground = () => stores.playground.getState();

  /** Runs one key call for the chosen provider's origin and records its answer (or why it failed). */
  async function withOrigin(work: (baseUrl: string) => Promise<ProviderKeyState>): Promise<void> {
    const { baseUrl } = playground().provider;
    const origin = providerOrigin(baseUrl);
    if (origin === null) return;
    try {
      const state = await work(baseUrl);
      playground().actions.setKeyError(null);
      // The person may have moved to another provider meanwhile: the answer is for the origin asked about.
      playground().actions.setKeyState(origin, state);
    } catch (error) {
      playground().actions.setKeyError(asEngineError(error));
    }
  }

  return {
    /**
     * Hands the key to the worker for the provider's origin, remembered on this device when the box is
     * ticked; an empty key is Forget (memory and device).
     */
    setPlaygroundKey: (key: string) =>
      withOrigin((baseUrl) => client.call('setProviderKey', { baseUrl, key, ...(key !== '' && { remember: playground().rememberKey }) })),
    /** "Remember on this device": for a key already held, writes it to the device or erases it there; else the next key is remembered. */
    rememberPlaygroundKey(remember: boolean): Promise<void> {
      playground().actions.setRememberKey(remember);
      const origin = providerOrigin(playground().provider.baseUrl);
      if (origin === null || !playground().keyOrigins.includes(origin)) return Promise.resolve();
      return withOrigin((baseUrl) => client.call('rememberProviderKey', { baseUrl, remember }));
    },
    /** Whether the worker holds, or this device remembers, a key for the chosen provider. */
    refreshPlaygroundKey: () => withOrigin((baseUrl) => client.call('providerKeyState', { baseUrl })),
  };
}
