/**
 * The tool list, asked for the moment a connection opens. The Tools tab asks for it too, once React has rendered
 * the connected view; on a busy page that render costs tens of milliseconds in which nothing is on the wire.
 * Asked here, from the event that says the connection is open, the request is already in flight when the tab
 * mounts, and the tab's query (the same key and options) takes it over: one `tools/list`, sent sooner.
 *
 * Only when the Tools tab is the one on screen and the server offers tools, so it is exactly the request the
 * tab would have made; once per connection (a session recovered in place keeps its key and its list).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { EngineClient } from '../../bridge/index.ts';
import { scopedQueries } from '../../queries/index.ts';
import type { Stores } from '../stores.ts';

/** Subscribe after the event router, so the stores already say what the events did. Returns the unsubscribe. */
export function listToolsOnConnect(client: EngineClient, stores: Stores, queryClient: QueryClient): () => void {
  let asked = -1;
  return client.subscribe(() => {
    const { phase, connectionKey, summary } = stores.connection.getState();
    if (phase !== 'connected' || connectionKey === asked) return;
    asked = connectionKey;
    if (summary?.capabilities.tools === undefined || stores.view.getState().tab !== 'tools' || stores.sessionFile.getState().replay) return;
    void queryClient.prefetchQuery(scopedQueries(client, connectionKey).tools());
  });
}
