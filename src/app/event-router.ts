/**
 * Engine events into the stores and the query cache, in one place. The engine announces every change of
 * the connection phase, so this router is the phase's only writer: commands start work and read results,
 * but never set the phase themselves.
 */
import type { QueryClient } from '@tanstack/react-query';
import { forgetSession, wireInvalidation, wireResourceUpdates } from '../queries/index.ts';
import type { EngineEvent } from '../shared/events.ts';
import { featureStoresOf } from './features/feature-stores.ts';
import type { Stores } from './stores.ts';

export function createEventRouter(stores: Stores, queryClient: QueryClient, closeSavedSession: () => void) {
  return (events: readonly EngineEvent[]): void => {
    const connecting = events.some((event) => event.type === 'connection' && event.phase === 'connecting');
    // Connecting leaves a saved session being browsed: live traffic never mixes into it.
    if (connecting && stores.sessionFile.getState().replay) closeSavedSession();
    const wasConnected = stores.connection.getState().phase === 'connected';
    stores.log.getState().actions.appendEvents(events);
    stores.http.getState().actions.appendEvents(events);
    stores.connection.getState().actions.applyEvents(events);
    stores.serverRequests.getState().actions.applyEvents(events);
    stores.auth.getState().actions.applyEvents(events);
    stores.serverLog.getState().actions.appendEvents(events);
    // Finished calls belong to the session they ran in; a call's timing is the log's (calls-store.ts).
    if (connecting) stores.calls.getState().actions.dropSettled();
    stores.calls.getState().actions.applyEvents(events);
    for (const store of featureStoresOf(stores)) store.getState().actions.applyEvents(events);
    // A new attempt, or a session that ended (server gone, Disconnect), leaves no stale lists behind.
    if (connecting || (wasConnected && stores.connection.getState().phase !== 'connected')) forgetSession(queryClient);
    wireInvalidation(queryClient, events);
    wireResourceUpdates(queryClient, events);
  };
}
