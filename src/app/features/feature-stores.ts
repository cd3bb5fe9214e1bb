/**
 * The features' own per-connection stores, one line each. `createStores` (stores.ts) adds them beside the
 * core stores, and the event router (event-router.ts) feeds each the engine's events, in this order; neither
 * names a feature. A feature whose store follows the engine registers it here.
 */
import { createAuditStore, createConsoleStore, createContractStore, createPlaygroundStore } from '../../state/index.ts';
import type { EngineEvent } from '../../shared/events.ts';

/** A store the engine's events reach: all it needs is the one action that takes them. */
interface EventFedStore {
  getState(): { actions: { applyEvents(events: readonly EngineEvent[]): void } };
}

const FEATURE_STORES = {
  /** The latest "Audit this server" run: see src/app/audit/audit-commands.ts. */
  audit: createAuditStore,
  /** The Playground's conversation and provider settings (never the key): see src/app/playground/. */
  playground: createPlaygroundStore,
  /** The console of a stdio server behind the local relay (Console tab): see src/state/console-store.ts. */
  console: createConsoleStore,
  /** The Contract tab's comparison and what it is doing: see src/app/contracts/. */
  contract: createContractStore,
} satisfies Record<string, () => EventFedStore>;

type FeatureStores = { [Name in keyof typeof FEATURE_STORES]: ReturnType<(typeof FEATURE_STORES)[Name]> };

const NAMES = Object.keys(FEATURE_STORES) as (keyof FeatureStores)[];

export function createFeatureStores(): FeatureStores {
  return Object.fromEntries(NAMES.map((name) => [name, FEATURE_STORES[name]()])) as FeatureStores;
}

/** The feature stores of one connection, in registration order, for the router. */
export const featureStoresOf = (stores: FeatureStores): EventFedStore[] => NAMES.map((name) => stores[name]);
