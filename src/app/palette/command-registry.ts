/**
 * Every command the command palette offers, in one typed list: the app's commands (connect, disconnect,
 * ping, session files, export, theme, connections), the features' own entries (palette-sources.ts), the tabs, the items the tabs have listed (tools,
 * resources, templates, prompts), saved calls and saved servers. Each says whether it is destructive (it
 * ends or replaces something: the palette never preselects one), whether it can run now (and why not),
 * and where focus goes once it ran. Built from the stores and the query cache as they are when the
 * palette opens, and again when a list arrives while it is open (watchListed); framework-free, so it is
 * tested in Node.
 */
import { profileOf } from '../../shared/era-profile.ts';
import { describeError } from '../../shared/read.ts';
import { scriptFor } from '../demo/demo-script.ts';
import { MAX_CONNECTIONS } from '../workspace.ts';
import { NOT_CONNECTED, type CommandGroup, type FocusTarget, type PaletteCommand, type RegistryContext } from './palette-command.ts';
import { PALETTE_SOURCES } from './palette-sources.ts';
import { restartUnavailable } from '../console/console-commands.ts';

/**
 * In the order a first-time person meets them (before any use reorders the opening list): Connect and
 * Disconnect, the tabs, this server's saved calls, the other commands, the listed items, saved servers.
 */
export function listCommands(ctx: RegistryContext): PaletteCommand[] {
  const [connect, disconnect, ping, ...others] = appCommands(ctx);
  return [
    connect!,
    disconnect!,
    ...tabCommands(ctx),
    ...savedCallCommands(ctx),
    ping!,
    ...PALETTE_SOURCES.flatMap((source) => source(ctx)),
    ...others,
    ...listedCommands(ctx),
    ...savedServerCommands(ctx),
  ];
}

function appCommands({ app, workspace, theme, chooseSessionFile }: RegistryContext): PaletteCommand[] {
  const { phase, input, summary } = app.connection.getState();
  const replaying = app.sessionFile.getState().replay !== null;
  const connected = phase === 'connected';
  const { commands } = app;
  const command = (id: string, label: string, rest: Omit<PaletteCommand, 'id' | 'group' | 'label'>): PaletteCommand => ({
    id,
    group: 'Command',
    label,
    ...rest,
  });
  const others = workspace.store.getState().connections.filter((connection) => connection.app !== app);
  const full = workspace.store.getState().connections.length >= MAX_CONNECTIONS;
  return [
    command('connect', 'Connect', {
      destructive: false,
      unavailable: replaying
        ? 'A session file is open: close it to connect.'
        : connected || phase === 'connecting'
          ? 'Already connected: disconnect first, or add a connection.'
          : input.url.trim() === ''
            ? 'No server URL: type one in the Server URL box.'
            : null,
      focus: { kind: 'tabs' },
      run: () => void commands.connection.connect(),
    }),
    command('disconnect', 'Disconnect', {
      destructive: true,
      unavailable: connected || phase === 'connecting' ? null : 'Not connected.',
      focus: { kind: 'control', role: 'textbox', name: 'Server URL' },
      run: () => void commands.connection.disconnect(),
    }),
    command('restart-server', 'Restart the server process', {
      destructive: false,
      keywords: 'stdio relay console crash exited',
      unavailable: replaying ? 'A session file is open: close it first.' : restartUnavailable(input),
      focus: { kind: 'return' },
      run: () =>
        void commands.console.restartServer().then((error) => error && commands.log.note('warning', `Restart failed: ${error.message}`)),
    }),
    command('ping', 'Ping the server', {
      destructive: false,
      unavailable:
        !connected || replaying
          ? NOT_CONNECTED
          : summary && !profileOf(summary.era).ping
            ? `MCP ${profileOf(summary.era).label} removed ping; each request’s round trip is in the Message log.`
            : null,
      focus: { kind: 'return' },
      // A job like the Ping button's, so the Server tab shows this ping too.
      run: () =>
        void commands.jobs
          .settledCall(commands.jobs.startCall('ping', {}))
          .then((call) =>
            call.kind === 'ping' && call.result
              ? commands.log.note('info', `Ping answered in ${Math.round(call.result.latencyMs)} ms.`)
              : commands.log.note('warning', `Ping failed: ${describeError(call.error)}`),
          ),
    }),
    command('add-connection', 'Add connection', {
      destructive: false,
      unavailable: full ? `${MAX_CONNECTIONS} connections are open: close one first.` : null,
      focus: { kind: 'control', role: 'textbox', name: 'Server URL' },
      run: () => void workspace.add(),
    }),
    ...others.map(({ id, app: other }) => ({
      id: `connection:${id}`,
      group: 'Connection' as const,
      // The workspace's name, as the switcher shows it: two connections to one server are told apart.
      label: `Switch to ${other.name()}`,
      destructive: false,
      unavailable: null,
      focus: { kind: 'tabs' } as const,
      run: () => workspace.select(id),
    })),
    command('save-session', 'Save session', {
      destructive: false,
      unavailable: null,
      focus: { kind: 'return' },
      run: () => void commands.sessionFile.saveSessionFile(),
    }),
    command('open-session', 'Open session…', {
      // Opening a file replaces what this connection shows with the file's recording.
      destructive: connected,
      unavailable: null,
      focus: { kind: 'return' },
      run: chooseSessionFile,
    }),
    command('export-log', 'Export log', {
      destructive: false,
      unavailable: app.log.getState().byId.size === 0 ? 'The message log is empty.' : null,
      focus: { kind: 'return' },
      run: () => void commands.log.exportLog('all'),
    }),
    command('theme', theme === 'dark' ? 'Use the light theme' : 'Use the dark theme', {
      destructive: false,
      unavailable: null,
      keywords: 'toggle theme dark light',
      focus: { kind: 'return' },
      run: () => app.prefs.getState().actions.setTheme(theme === 'dark' ? 'light' : 'dark'),
    }),
    command('focus-log', 'Go to the message log', {
      destructive: false,
      keywords: 'messages traffic json-rpc',
      unavailable: null,
      focus: { kind: 'log' },
      run: () => app.http.getState().actions.show('messages'),
    }),
    command('clear-log', 'Clear message log', {
      destructive: true,
      unavailable: null,
      focus: { kind: 'return' },
      run: () => app.log.getState().actions.clear(),
    }),
  ];
}

function tabCommands({ app, tabs }: RegistryContext): PaletteCommand[] {
  const go = app.nav.getState().actions.go;
  return tabs.map((tab) => ({
    id: `tab:${tab}`,
    group: 'Tab',
    label: tab,
    destructive: false,
    unavailable: null,
    focus: { kind: 'tab', name: tab },
    run: () => go(tab),
  }));
}

/** The saved calls made on this server (as a demo script lists them): choosing one shows it, ready to run. */
function savedCallCommands({ app }: RegistryContext): PaletteCommand[] {
  const { phase, summary, input } = app.connection.getState();
  const server = phase === 'connected' && summary ? summary.url : input.url;
  const go = app.nav.getState().actions.go;
  return scriptFor(app.savedCalls.getState().calls, server).map((call) => ({
    id: `saved-call:${call.id}`,
    group: 'Saved call',
    label: call.name,
    keywords: call.tool,
    destructive: false,
    unavailable: null,
    focus: { kind: 'control', role: 'button', name: `Run saved request ${call.name}` },
    run: () => go('History', call.id),
  }));
}

/** The query options of the lists the palette offers items from, for the live server or the open session file. */
function listedQueries(app: RegistryContext['app']) {
  const { phase, connectionKey, summary } = app.connection.getState();
  return app.scope({ phase, connectionKey, capabilities: summary?.capabilities }, app.sessionFile.getState().replay).queries;
}

/**
 * Calls `changed` each time one of the lists the palette offers items from (tools, resources, templates,
 * prompts) gets data in the query cache. A palette opened just after Connect, before tools/list answered,
 * would otherwise say "Nothing matches" for a tool on screen behind it. Returns the unsubscribe.
 */
export function watchListed(app: RegistryContext['app'], changed: () => void): () => void {
  return app.queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const queries = listedQueries(app);
    const listed = [queries.tools(), queries.resources(), queries.resourceTemplates(), queries.prompts()].map((options) =>
      JSON.stringify(options.queryKey),
    );
    if (listed.includes(JSON.stringify(event.query.queryKey))) changed();
  });
}

/** What the tabs have listed (the query cache), for the live server or the open session file. */
function listedCommands({ app }: RegistryContext): PaletteCommand[] {
  const queries = listedQueries(app);
  const data = app.queryClient;
  const go = app.nav.getState().actions.go;
  const item = (group: CommandGroup, tab: string, name: string, label: string, focus: FocusTarget): PaletteCommand => ({
    id: `${group.toLowerCase()}:${name}`,
    group,
    label,
    destructive: false,
    unavailable: null,
    focus,
    run: () => go(tab, name),
  });
  const tools = data.getQueryData(queries.tools().queryKey)?.tools ?? [];
  const resources = data.getQueryData(queries.resources().queryKey)?.resources ?? [];
  const templates = data.getQueryData(queries.resourceTemplates().queryKey)?.templates ?? [];
  const prompts = data.getQueryData(queries.prompts().queryKey)?.prompts ?? [];
  return [
    ...tools.map((tool) => item('Tool', 'Tools', tool.name, tool.name, { kind: 'detail', title: tool.name })),
    ...resources.map((resource) =>
      item('Resource', 'Resources', resource.uri, resource.name === resource.uri ? resource.uri : `${resource.name} · ${resource.uri}`, {
        kind: 'tab',
        name: 'Resources',
      }),
    ),
    ...templates.map((template) =>
      item('Template', 'Resources', template.uriTemplate, `${template.name} · ${template.uriTemplate}`, { kind: 'tab', name: 'Resources' }),
    ),
    ...prompts.map((prompt) => item('Prompt', 'Prompts', prompt.name, prompt.name, { kind: 'detail', title: prompt.name })),
  ];
}

function savedServerCommands({ app }: RegistryContext): PaletteCommand[] {
  const { phase } = app.connection.getState();
  const busy = phase === 'connected' || phase === 'connecting';
  return app.savedServers.getState().servers.map((server) => ({
    id: `saved-server:${server.id}`,
    group: 'Saved server',
    label: `Connect to ${server.name}`,
    keywords: server.url,
    // Connecting here replaces the live connection (its session ends).
    destructive: busy,
    unavailable: app.sessionFile.getState().replay !== null ? 'A session file is open: close it to connect.' : null,
    focus: server.headers.some((header) => header.value === undefined)
      ? { kind: 'control', role: 'textbox', name: `Header value ${server.headers.findIndex((header) => header.value === undefined) + 1}` }
      : { kind: 'tabs' },
    run: () => void app.commands.savedServers.connectSaved(server.id),
  }));
}
