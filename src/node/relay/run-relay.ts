/**
 * The relay as a function: the command line and the effects in, the exit code out when it stops. main.ts
 * calls it with the process's own; npx (src/node/npx/main.ts) calls it too, so nothing rewrites process.argv.
 */
import { isRelayToken, RELAY_TOKEN_HEADER, relayLink } from '../../shared/relay.ts';
import { EXIT, type ExitCode } from '../command/exit-codes.ts';
import { runCommand, type Command, type CommandIo } from '../command/framework.ts';
import { nodeLensVersion, RUNNING_FROM } from '../lens-context.ts';
import { LOCAL_APP_URL } from '../local-app.ts';
import { type RELAY_OPTIONS, RELAY_SYNOPSIS, relayOptionsOf, type RelayOptions, relayRuns, type RelayTarget } from './args.ts';
import { startRelay } from './relay.ts';
import { describeExit } from '../../shared/relay-console.ts';
import { terminalText } from '../terminal-text.ts';

export interface RelayIo extends CommandIo {
  /** Stops the relay (Ctrl-C, SIGTERM): runRelay then settles with 0. */
  signal: AbortSignal;
}

/** `mcp-lens relay`: one declaration on the command framework. */
const relayCommand: Command<typeof RELAY_OPTIONS, RelayIo> = {
  ...RELAY_SYNOPSIS,
  run: (line, io) => relay(relayOptionsOf(line), io),
};

export const runRelay = (argv: readonly string[], io: RelayIo): Promise<ExitCode> => runCommand(relayCommand, argv, io);

/** Scripts (e2e, the CLI) may fix the token through the environment, never the command line, which `ps` shows. */
function readToken(env: RelayIo['env']): { token?: string } | { problem: string } {
  const token = env.MCP_LENS_RELAY_TOKEN;
  if (token === undefined || token === '') return {};
  if (!isRelayToken(token))
    return { problem: 'MCP_LENS_RELAY_TOKEN must be 43 base64url characters (32 random bytes). Unset it to get a fresh token.' };
  return { token };
}

/** Names the target without its query string, where an API key may sit. */
function describe(target: RelayTarget): string {
  return target.kind === 'http' ? `${target.url.origin}${target.url.pathname}` : `the stdio server "${target.command}"`;
}

// The default link opens the app on this machine, which is a second command the person may not have run yet.
const START_THE_APP = {
  clone: 'npm start in this clone',
  package: 'npx mcp-lens',
  hosted: 'run this again with --lens <the address of the MCP Lens you use>',
};

async function relay(options: RelayOptions, io: RelayIo): Promise<ExitCode> {
  const token = readToken(io.env);
  if ('problem' in token) {
    io.stderr(token.problem);
    return EXIT.usage;
  }
  const version = nodeLensVersion();
  let stopped!: (code: ExitCode) => void;
  const done = new Promise<ExitCode>((resolve) => (stopped = resolve));
  let running: Awaited<ReturnType<typeof startRelay>>;
  try {
    running = await startRelay({
      target: options.target,
      port: options.port,
      allowedOrigins: options.allowedOrigins,
      ...token,
      version,
      log: (line) => io.stdout(`relay: ${line}`),
      onTargetExit: (exit, lastLine) => {
        const last = lastLine === undefined ? '' : ` Its last line: ${terminalText(lastLine)}`;
        io.stderr(`relay: ${describeExit(exit)}.${last}\nrelay: Restart in MCP Lens starts it again; Ctrl+C stops the relay.`);
      },
      // The child's own log, where the person who started the relay is looking (the app has it too).
      onTargetStderr: (line) => io.stderr(terminalText(line)),
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    io.stderr(
      code === 'EADDRINUSE'
        ? `Port ${options.port} is already in use. Pass --port <another port>, or leave it out for a free one.`
        : `Could not start the relay: ${String(error)}`,
    );
    return EXIT.failed;
  }

  const startTheApp =
    options.lens.href === LOCAL_APP_URL ? `\n  (if MCP Lens is not running on this machine yet: ${START_THE_APP[RUNNING_FROM]})` : '';
  io.stdout(`MCP Lens relay ${version} for ${describe(options.target)}
  Open this link; the app asks before it connects (the token stays in the fragment, which is never sent):
    ${relayLink(options.lens, running.url, running.token, relayRuns(options.target))}${startTheApp}
  Or connect to ${running.url} with the header ${RELAY_TOKEN_HEADER}: ${running.token}
  Pages allowed: ${options.allowedOrigins.join(', ')} (add more with --allow-origin)
Press Ctrl+C to stop.`);

  if (io.signal.aborted) stopped(EXIT.passed);
  else io.signal.addEventListener('abort', () => stopped(EXIT.passed), { once: true });
  const code = await done;
  await running.close();
  return code;
}
