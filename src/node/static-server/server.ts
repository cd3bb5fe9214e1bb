import { readFile, realpath, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, resolve, sep } from 'node:path';

import { launchTag, lensContextTag, type LensContext } from '../../shared/relay.ts';
import { SANDBOX_HEADERS, SANDBOX_PAGE, SECURITY_HEADERS } from './csp.ts';

export interface StaticServerOptions {
  /** Folder to serve, usually the built `dist/`. */
  root: string;
  /** TCP port; 0 picks a free one. @default 0 */
  port?: number;
  /** Interface to bind. @default '127.0.0.1' */
  host?: string;
  /** URL path the app lives under, e.g. `/` or `/inspector/`. @default '/' */
  basePath?: string;
  /**
   * Where this copy of the app came from, told to the app in its page (`LENS_CONTEXT_META`), so its advice
   * names the relay command that works here: `clone` for `npm start`, `package` for `npx mcp-lens`. Left
   * out, the page says nothing, as on any plain static host, and the app advises the single-file relay.
   */
  context?: Exclude<LensContext, 'hosted'>;
  /**
   * The server this process started for the app (`LAUNCH_META`), once it has one: a link to exactly that
   * URL connects without asking. Read for each page served.
   */
  launched?: () => string | undefined;
  /**
   * More headers on every response. The bench's overhead page asks for cross-origin isolation
   * (`Cross-Origin-Embedder-Policy`), which gives its clock 5 µs steps instead of 100 µs.
   */
  headers?: Readonly<Record<string, string>>;
}

export interface RunningStaticServer {
  /** The app's URL, e.g. `http://127.0.0.1:5173/inspector/`. */
  url: string;
  close(): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  // Module workers are refused unless served with a JavaScript MIME type.
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.map': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  // The single-file relay's hash (src/node/build/relay-file.ts), read as text by PowerShell's Invoke-RestMethod.
  '.sha256': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

/** `inspector` or `/inspector` → `/inspector/`; '' → '/'. */
export function normalizeBasePath(basePath: string): string {
  const trimmed = basePath.replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '/' : `/${trimmed}/`;
}

/**
 * Serves a built app folder with the app's security headers on every
 * response. No directory listings, no SPA fallback: `index.html` is served for
 * the base path only, anything missing is a 404.
 */
export async function startStaticServer(options: StaticServerOptions): Promise<RunningStaticServer> {
  const host = options.host ?? '127.0.0.1';
  const basePath = normalizeBasePath(options.basePath ?? '/');
  // Compare real paths so a symlink inside root cannot lead outside it.
  const root = await realpath(resolve(options.root));
  if (!(await stat(root)).isDirectory()) throw new Error(`Static root ${root} is not a directory.`);

  const httpServer = createServer((req, res) => {
    for (const [name, value] of Object.entries(options.headers ?? {})) res.setHeader(name, value);
    serve(req, res, root, basePath, options.context, options.launched?.()).catch(() => {
      if (!res.headersSent) send(res, 500, 'Internal server error\n');
      else res.destroy();
    });
  });
  await new Promise<void>((resolveListen, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(options.port ?? 0, host, () => {
      httpServer.off('error', reject);
      resolveListen();
    });
  });
  const { port } = httpServer.address() as AddressInfo;
  const hostInUrl = host.includes(':') ? `[${host}]` : host;

  return {
    url: `http://${hostInUrl}:${port}${basePath}`,
    close: () =>
      new Promise<void>((resolveClose) => {
        httpServer.close(() => resolveClose());
        httpServer.closeAllConnections();
      }),
  };
}

async function serve(
  req: IncomingMessage,
  res: ServerResponse,
  root: string,
  basePath: string,
  context: StaticServerOptions['context'],
  launched: string | undefined,
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return send(res, 405, 'Method not allowed\n', { Allow: 'GET, HEAD' });
  }
  const url = new URL(req.url ?? '/', 'http://localhost');
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return send(res, 400, 'Bad request: malformed URL\n');
  }
  if (pathname.includes('\0')) return send(res, 400, 'Bad request\n');

  // Relative asset URLs only resolve correctly under the trailing-slash form.
  if (basePath !== '/' && pathname === basePath.slice(0, -1)) {
    return send(res, 308, '', { Location: `${basePath}${url.search}` });
  }
  if (!pathname.startsWith(basePath)) return send(res, 404, 'Not found\n');

  const relative = pathname.slice(basePath.length);
  const file = await resolveFile(root, relative === '' ? 'index.html' : relative);
  if (!file) return send(res, 404, 'Not found\n');

  const page = relative === '' || relative === 'index.html';
  const body = page && context !== undefined ? withContext(await readFile(file), context, launched) : await readFile(file);
  const type = CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
  res.writeHead(200, {
    ...(relative === SANDBOX_PAGE ? SANDBOX_HEADERS : SECURITY_HEADERS),
    'Content-Type': type,
    'Content-Length': String(body.length),
    'Cache-Control': 'no-cache',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** The app's page with its context's meta tag first in its head. */
function withContext(page: Buffer, context: LensContext, launched: string | undefined): Buffer {
  const tags = `${lensContextTag(context)}${launched === undefined ? '' : launchTag(launched)}`;
  return Buffer.from(page.toString('utf8').replace(/<head>/i, (head) => `${head}${tags}`));
}

/** The real path of a regular file inside `root`, or undefined. */
async function resolveFile(root: string, relative: string): Promise<string | undefined> {
  const candidate = resolve(root, relative);
  if (!isInside(root, candidate)) return undefined;
  try {
    const real = await realpath(candidate);
    if (!isInside(root, real)) return undefined;
    return (await stat(real)).isFile() ? real : undefined;
  } catch {
    return undefined;
  }
}

function isInside(root: string, path: string): boolean {
  return path.startsWith(root.endsWith(sep) ? root : root + sep);
}

function send(res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8', ...extra });
  res.end(text);
}
