/**
 * Saved servers as the user drives them: save what the connection bar holds, connect from the list, import
 * a client's config, and open a link that asks to connect. Connecting always goes through the connection
 * commands, so a saved server connects exactly as a typed one does.
 */
import { serverIdentity } from '../address/address.ts';
import { parseServerConfig, type StdioEntry } from './server-config.ts';
import { dropUrlCredentials, emptyUrlCredentials, fillUrlCredentials } from '../../shared/redact.ts';
import { isRelayAddress, usesRelay } from '../../shared/relay.ts';
import { checkServerUrl } from '../../shared/url.ts';
import { linkNeedKey, type LinkNeed, type SavedServer } from '../../state/index.ts';
import type { ConnectionCommands } from '../connection/connection-commands.ts';
import type { AppEffects } from '../effects.ts';
import type { Stores } from '../stores.ts';

/** What Connect on a saved server did: connected (or failed, shown as the connection's phase), or needs values first. */
export type ConnectSavedOutcome =
  | { kind: 'started' }
  /** Values the device does not keep: headers by name, and the URL's credential parameters by name. */
  | { kind: 'needs-values'; headerNames: string[]; urlParams: string[] }
  | { kind: 'unknown' };

export interface ImportOutcome {
  added: Array<{ id: string; name: string }>;
  stdio: StdioEntry[];
  problems: string[];
}

export function savedServerCommands(stores: Stores, effects: Pick<AppEffects, 'now'>, connection: Pick<ConnectionCommands, 'connect'>) {
  const { savedServers, connection: bar, view } = stores;

  /**
   * Saves what the connection bar holds under `name`. Header values are kept only for the names in
   * `keepValues` (the user ticked them); every other header is saved by name alone. The URL's credential
   * parameters (`?api_key=…`) follow the same opt-in: kept only for the names in `keepUrlValues`, otherwise
   * saved empty (`?api_key=`) for the person to fill in when they connect.
   */
  function saveCurrentServer(name: string, keepValues: readonly string[] = [], keepUrlValues: readonly string[] = []): string | undefined {
    const { input } = bar.getState();
    const checked = checkServerUrl(input.url);
    if (!checked.ok) return undefined;
    const headers = input.headers
      .filter((header) => header.name.trim() !== '')
      .map((header) => {
        const headerName = header.name.trim();
        return keepValues.includes(headerName) ? { name: headerName, value: header.value } : { name: headerName };
      });
    return savedServers.getState().actions.add({
      name: name.trim() || new URL(checked.url).host,
      url: dropUrlCredentials(checked.url, keepUrlValues),
      transport: input.transport,
      era: input.era,
      headers,
    });
  }

  /** Puts a saved server in the connection bar (values the user did not keep stay empty for them to fill). */
  function fillBar(server: SavedServer): void {
    const { actions } = bar.getState();
    actions.setUrl(server.url);
    actions.setTransport(server.transport);
    actions.setEra(server.era);
    actions.setHeaders(server.headers.map((header) => ({ name: header.name, value: header.value ?? '' })));
  }

  /** Connects to a saved server, or fills the bar and asks for the header values it does not keep. */
  async function connectSaved(id: string): Promise<ConnectSavedOutcome> {
    const server = savedServers.getState().servers.find((item) => item.id === id);
    if (!server) return { kind: 'unknown' };
    fillBar(server);
    const missing = server.headers.filter((header) => header.value === undefined).map((header) => header.name);
    const urlParams = emptyUrlCredentials(server.url);
    if (missing.length > 0 || urlParams.length > 0) return { kind: 'needs-values', headerNames: missing, urlParams };
    const summary = await connection.connect();
    if (summary) savedServers.getState().actions.touch(id, effects.now());
    return { kind: 'started' };
  }

  /** Every HTTP/SSE entry of the config becomes a saved server; stdio entries come back with their relay command. */
  function importConfig(text: string): ImportOutcome {
    const parsed = parseServerConfig(text);
    const problems = [...parsed.problems];
    const added: ImportOutcome['added'] = [];
    for (const entry of parsed.servers) {
      const checked = checkServerUrl(entry.url);
      if (!checked.ok) {
        problems.push(`${entry.name}: ${checked.reason}`);
        continue;
      }
      const id = savedServers.getState().actions.add({
        name: entry.name,
        url: checked.url,
        transport: entry.transport,
        era: 'auto',
        headers: entry.headerNames.map((name) => ({ name })),
      });
      added.push({ id, name: entry.name });
    }
    return { added, stdio: parsed.stdio, problems };
  }

  /**
   * A link asked to connect on open. A server the user saved connects at once (they chose it before), and so
   * does the one the page's own server started for it (`launched`: the person ran that command); any other
   * waits in `view.pendingLink` for the user to confirm what it is about to do. A relay's link (its address,
   * its token already in the bar) always asks, naming the relay and what the link says it runs
   * (`relayRuns`): a hosted page cannot know that this person started that relay.
   */
  function openConnectLink(url: string, launched?: string, relayRuns?: string): void {
    const checked = checkServerUrl(url);
    if (!checked.ok) return;
    if (launched !== undefined && serverIdentity(launched) === serverIdentity(checked.url)) return void connection.connect();
    if (isRelayAddress(new URL(checked.url)) && usesRelay(bar.getState().input.headers))
      return view.getState().actions.setPendingLink(checked.url, [], { runs: relayRuns ?? null });
    // The address never carries a credential parameter, so a saved server's key does not stop the match.
    const saved = savedServers.getState().servers.find((server) => serverIdentity(server.url) === serverIdentity(checked.url));
    if (!saved) return view.getState().actions.setPendingLink(checked.url);
    void connectSaved(saved.id).then((outcome) => {
      if (outcome.kind !== 'needs-values') return;
      const needs: LinkNeed[] = [
        ...outcome.headerNames.map((name) => ({ in: 'header' as const, name })),
        ...outcome.urlParams.map((name) => ({ in: 'url' as const, name })),
      ];
      view.getState().actions.setPendingLink(saved.url, needs);
    });
  }

  /**
   * The user confirmed the link: connect to the URL it named, with the bar's other settings, and with the
   * values typed for what the saved server keeps off this device (its headers' values and its URL's
   * credentials), keyed by `linkNeedKey`. Nothing connects while one is blank: no blank is ever sent.
   */
  function confirmLink(values: Readonly<Record<string, string>> = {}): void {
    const { pendingLink: url, linkNeeds } = view.getState();
    if (url === null) return;
    const valueOf = (need: LinkNeed) => values[linkNeedKey(need)]?.trim() ?? '';
    if (linkNeeds.some((need) => valueOf(need) === '')) return;
    view.getState().actions.setPendingLink(null);
    const { actions, input } = bar.getState();
    const typed = (where: LinkNeed['in']) =>
      Object.fromEntries(linkNeeds.filter((need) => need.in === where).map((need) => [need.name, valueOf(need)]));
    actions.setUrl(fillUrlCredentials(url, typed('url')));
    const headerValues = typed('header');
    if (Object.keys(headerValues).length > 0)
      actions.setHeaders(
        input.headers.map((header) => (header.name in headerValues ? { ...header, value: headerValues[header.name]! } : header)),
      );
    void connection.connect();
  }

  return {
    saveCurrentServer,
    connectSaved,
    importConfig,
    openConnectLink,
    confirmLink,
    dismissLink: () => view.getState().actions.setPendingLink(null),
  };
}
