import { spawn } from 'node:child_process';

import { readCommandLine, USAGE } from './command-line.ts';
import { openBrowser } from './open-browser.ts';
import { parseServeArgs, ServeUsageError, type ServeOptions } from './serve-args.ts';
import { serveApp } from './serve.ts';

// `npx mcp-lens [relay|cli|list] …`: the one command of the mcp-lens package (packages/mcp-lens/). Bundled,
// this file is the package's dist/mcp-lens.mjs; its bin/mcp-lens.mjs calls runMcpLens with where the
// package keeps the built app and the other two bundles, which only the package knows.

/** What the package supplies: its version, its copy of the app, and its bundled relay and headless client. */
export interface McpLensPackage {
  version: string;
  /** The built app's folder. */
  appRoot: string;
  /** Loads a bundled entry point, which runs as it loads and reads its command line from process.argv. */
  load: Record<'relay' | 'cli', () => Promise<unknown>>;
}

/** Runs one command line. It sets process.exitCode rather than exiting, so what was printed is flushed first. */
export async function runMcpLens(argv: readonly string[], pkg: McpLensPackage): Promise<void> {
  const invocation = readCommandLine(argv);
  if (invocation.run === 'unknown') {
    console.error(`mcp-lens: there is no "${invocation.name}" command.\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (invocation.run !== 'serve') {
    process.argv = [process.argv[0] ?? 'node', process.argv[1] ?? 'mcp-lens', ...invocation.args];
    await pkg.load[invocation.run]();
    return;
  }
  let request;
  try {
    request = parseServeArgs(invocation.args);
  } catch (error) {
    if (!(error instanceof ServeUsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (request.kind === 'help') return console.log(USAGE);
  if (request.kind === 'version') return console.log(pkg.version);
  await serve(request.options, pkg.appRoot);
}

async function serve(options: ServeOptions, appRoot: string): Promise<void> {
  let server;
  try {
    server = await serveApp(options, {
      appRoot,
      log: (line) => console.log(line),
      warn: (line) => console.error(line),
      openBrowser: (url) => openBrowser(url, process.platform, spawn),
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    console.error(
      code === 'EADDRINUSE'
        ? `Port ${options.port} on ${options.host} is already in use: is MCP Lens already running there? ` +
            'Open it, or pass --port <another port> (--port 0: a free one).'
        : `Could not serve MCP Lens: ${String(error)}`,
    );
    process.exitCode = 1;
    return;
  }
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
