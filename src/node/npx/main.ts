import { spawn } from 'node:child_process';

import { runHeadless } from '../cli/run-headless.ts';
import { EXIT } from '../command/exit-codes.ts';
import { UsageError } from '../command/framework.ts';
import { processIo } from '../command/headless-io.ts';
import { runRelay } from '../relay/run-relay.ts';
import { readCommandLine, USAGE } from './command-line.ts';
import { resolveLaunch, startLaunch, type Launched } from './launch.ts';
import { askAtTerminal } from './ask-at-terminal.ts';
import { openBrowser } from './open-browser.ts';
import { parseServeArgs, type ServeOptions } from './serve-args.ts';
import { serveApp } from './serve.ts';

// `npx mcp-lens [relay|cli|audit|smoke|call|read|prompt|list|send] …`: the one command of the mcp-lens package (packages/mcp-lens/).
// Bundled, this file is the package's dist/mcp-lens.mjs; its bin/mcp-lens.mjs calls runMcpLens with the
// package's version and where it keeps the built app. Each subcommand is a function it calls (runRelay,
// runHeadless for the CLI's subcommands and the audit, serveApp), never an entry loaded with a rewritten process.argv.

/** What the package supplies: its version and its copy of the app. */
export interface McpLensPackage {
  version: string;
  /** The built app's folder. */
  appRoot: string;
}

/** Runs one command line. It sets process.exitCode rather than exiting, so what was printed is flushed first. */
export async function runMcpLens(argv: readonly string[], pkg: McpLensPackage): Promise<void> {
  const invocation = readCommandLine(argv);
  if (invocation.run === 'unknown') {
    console.error(`mcp-lens: there is no "${invocation.name}" command.\n\n${USAGE}`);
    process.exitCode = EXIT.usage;
    return;
  }
  if (invocation.run === 'relay') {
    const stop = new AbortController();
    process.once('SIGINT', () => stop.abort());
    process.once('SIGTERM', () => stop.abort());
    const io = processIo();
    process.exitCode = await runRelay(invocation.args, { env: io.env, stdout: io.stdout, stderr: io.stderr, signal: stop.signal });
    // A stdio target's child and the relay's sockets are closed; end as the relay's own entry does.
    process.exit();
  }
  if (invocation.run === 'cli') {
    const code = await runHeadless(invocation.args, processIo(invocation.args[0] === 'audit'));
    // The engine may hold keep-alive sockets: the verdict is in, so end once stdout has drained (as cli/main.ts does).
    process.stdout.write('', () => process.exit(code));
    return;
  }
  let request;
  try {
    request = parseServeArgs(invocation.args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    process.exitCode = EXIT.usage;
    return;
  }
  if (request.kind === 'help') return console.log(USAGE);
  if (request.kind === 'version') return console.log(pkg.version);
  await serve(request.options, pkg.appRoot);
}

async function serve(options: ServeOptions, appRoot: string): Promise<void> {
  // A config file is read and checked before anything listens, so its mistakes cost nothing to fix.
  let resolved: Awaited<ReturnType<typeof resolveLaunch>> | undefined;
  if (options.launch) {
    try {
      resolved = await resolveLaunch(options.launch, { env: process.env, ...(process.stdin.isTTY && { ask: askAtTerminal }) });
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      console.error(`mcp-lens: ${error.message}`);
      process.exitCode = EXIT.usage;
      return;
    }
  }
  let launched: Launched | undefined;
  let stopping = false;
  const stop = (code: number) => {
    if (stopping) return;
    stopping = true;
    void Promise.allSettled([server?.close(), launched?.close()]).then(() => process.exit(code));
  };
  let server: Awaited<ReturnType<typeof serveApp>> | undefined;
  try {
    server = await serveApp(options, {
      appRoot,
      log: (line) => console.log(line),
      warn: (line) => console.error(line),
      openBrowser: (url) => openBrowser(url, process.platform, spawn),
      ...(resolved && {
        launch: async (appUrl: string) => {
          launched = await startLaunch(resolved, appUrl, {
            env: process.env,
            log: (line) => console.log(line),
            onServerExit: () => {
              console.error('mcp-lens: the server exited, so MCP Lens stops.');
              stop(EXIT.failed);
            },
          });
          return launched.link;
        },
      }),
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    console.error(
      code === 'EADDRINUSE'
        ? `Port ${options.port} on ${options.host} is already in use: is MCP Lens already running there? ` +
            'Open it, or pass --port <another port> (--port 0: a free one).'
        : `Could not serve MCP Lens: ${String(error)}`,
    );
    process.exitCode = EXIT.failed;
    return;
  }
  process.once('SIGINT', () => stop(EXIT.passed));
  process.once('SIGTERM', () => stop(EXIT.passed));
}
