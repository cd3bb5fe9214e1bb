import { relayAdvice } from '../../shared/relay.ts';
import { LOCAL_APP_URL } from '../local-app.ts';
import { startStaticServer, type RunningStaticServer } from '../static-server/server.ts';
import { isLoopbackHost, type ServeOptions } from './serve-args.ts';

export interface ServeEffects {
  /** The built app's folder (the package's copy of `vite build`'s dist/). */
  appRoot: string;
  /** A line for the person: the address, what to do next. */
  log(line: string): void;
  /** A line about something that went wrong or needs care. */
  warn(line: string): void;
  /** Opens a URL in the default browser; false when it could not. */
  openBrowser(url: string): Promise<boolean>;
  /**
   * Starts the server to inspect (launch.ts) once the app listens at `appUrl`, and gives the link that opens
   * the app connected to it: printed, and opened in place of the app's bare address.
   */
  launch?(appUrl: string): Promise<string>;
}

/** Addresses that mean "every interface": the server listens there, but a browser opens loopback. */
const EVERY_INTERFACE = new Set(['0.0.0.0', '::']);

/**
 * `npx mcp-lens`: serves the built app with its security headers (src/node/static-server/), prints the
 * address to open and, when asked, opens it. A failure to listen (the port is taken) is thrown as it is.
 */
export async function serveApp(options: ServeOptions, effects: ServeEffects): Promise<RunningStaticServer> {
  if (!isLoopbackHost(options.host)) {
    effects.warn(
      `Warning: listening on ${options.host}, where other machines can load MCP Lens, over plain HTTP: anyone on the ` +
        'way can read or change the app they get, and browsers withhold what sign-in (OAuth) needs from a plain-HTTP ' +
        "page that is not on loopback. To share MCP Lens, host the built app over HTTPS (MCP Lens's README, Hosting).",
    );
  }
  // The page names the server it was started for once there is one, so the link to it connects at once.
  let launched: string | undefined;
  const server = await startStaticServer({
    root: effects.appRoot,
    port: options.port,
    host: options.host,
    basePath: '/',
    context: 'package',
    launched: () => launched,
  });
  const url = addressToOpen(server.url, options.host);
  effects.log(`MCP Lens: ${url}`);
  let toOpen = url;
  if (effects.launch) {
    try {
      toOpen = await effects.launch(url);
      launched = new URL(toOpen).searchParams.get('url') ?? undefined;
    } catch (error) {
      await server.close();
      throw error;
    }
    effects.log(`Open MCP Lens connected to it:\n  ${toOpen}`);
  } else if (url !== LOCAL_APP_URL) {
    effects.log(`The relay's links open ${LOCAL_APP_URL} unless told otherwise: run it as ${relayAdvice('package', url, []).command} …`);
  }
  effects.log('Press Ctrl+C to stop.');
  if (options.open) {
    void effects.openBrowser(toOpen).then((opened) => {
      if (!opened) effects.warn(`Could not open a browser; open ${toOpen} yourself.`);
    });
  }
  return server;
}

/** The server's address, with loopback in place of an every-interface address (which a browser cannot open everywhere). */
function addressToOpen(serverUrl: string, host: string): string {
  if (!EVERY_INTERFACE.has(host)) return serverUrl;
  const url = new URL(serverUrl);
  url.hostname = '127.0.0.1';
  return url.href;
}
