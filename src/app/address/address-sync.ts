/**
 * Keeps the address bar on what is on screen: the connected server (or the one typed, until then), the tab,
 * the selected tool and demo mode, so a reload or a copied address lands in the same place. It replaces the entry
 * rather than pushing one: a tab click is not a page the Back button should walk through.
 */
import { checkServerUrl } from '../../shared/url.ts';
import { addressFor } from './address.ts';
import type { Stores } from '../stores.ts';

export function syncAddress(stores: Pick<Stores, 'connection' | 'view' | 'prefs'>, replace: (relative: string) => void): () => void {
  let last = '';
  const write = () => {
    const { phase, summary, input } = stores.connection.getState();
    const { tab, tool } = stores.view.getState();
    const url = phase === 'connected' && summary ? summary.url : input.url;
    const next = addressFor({ url, tab, tool, demo: stores.prefs.getState().demo });
    if (next === last) return;
    last = next;
    replace(next);
  };
  const unsubscribe = [stores.connection.subscribe(write), stores.view.subscribe(write), stores.prefs.subscribe(write)];
  write();
  return () => unsubscribe.forEach((stop) => stop());
}

/** Another server connected: the tool selected on the last one means nothing here. The same server keeps it. */
export function clearToolOnNewServer(stores: Pick<Stores, 'connection' | 'view'>): () => void {
  // The server the page opened with counts as the last one, so a link's #tools/<name> survives its connect.
  const opened = checkServerUrl(stores.connection.getState().input.url);
  let server = opened.ok ? opened.url : '';
  return stores.connection.subscribe(({ phase, summary }) => {
    if (phase !== 'connected' || !summary || summary.url === server) return;
    const first = server === '';
    server = summary.url;
    if (!first) stores.view.getState().actions.selectTool(null);
  });
}
