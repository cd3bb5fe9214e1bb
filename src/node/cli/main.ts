/**
 * `mcp-lens-cli <server URL>`: the browser's engine, run headless. It connects (authorizing when the
 * server asks), lists the tools, calls each one with arguments invented to match its inputSchema (a tool
 * whose schema it cannot satisfy is skipped and named), and disconnects; the exit code says whether all of
 * that worked. `--no-call` stops after the listing. A server that refuses a call has still been exercised,
 * however it says so (a result with isError, a JSON-RPC error, an HTTP 4xx): the refusal is printed, not
 * counted as a failure. Transport failures, timeouts, 5xx and answers that break the protocol are failures.
 *
 * The official conformance suite runs it as its client: `MCP_CONFORMANCE_CONTEXT` supplies pre-registered
 * credentials and, for some scenarios, the tool calls to make; the suite's Client ID Metadata Document URL
 * is used when `MCP_CONFORMANCE_SCENARIO` is set. No scenario changes what the engine does.
 */
import { createEngine } from '../../engine/engine.ts';
import { realClock } from '../../engine/clock.ts';
import type { AuthSettings } from '../../shared/auth.ts';
import type { EngineEvent } from '../../shared/events.ts';
import type { Tool } from '../../shared/model.ts';
import { headlessAuthHost, headlessRequestAnswers } from './headless-host.ts';
import { sampleArguments } from './sample-arguments.ts';
import { serverRefused } from './verdict.ts';
import { RELAY_TOKEN_HEADER } from '../../shared/relay.ts';

/** The conformance suite's published client id document (it never fetches it; the id is the point). */
const CONFORMANCE_CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';
/** Loopback and never served: the headless host stops at the redirect and reads the code from it. */
const REDIRECT_URL = 'http://localhost:47799/oauth-callback';

interface ToolCall {
  name: string;
  arguments: Record<string, unknown>;
}
/** A call to make, or a tool left out and why. */
type PlannedCall = ToolCall | { name: string; skip: string };

interface Options {
  url: string;
  verbose: boolean;
  callTools: boolean;
  /** From MCP_CONFORMANCE_CONTEXT's `toolCalls`: the scenario names the calls (and arguments) it checks. */
  toolCalls?: ToolCall[];
}

function parseArgs(argv: string[]): Options {
  const flags = new Set(argv.filter((a) => a.startsWith('--')));
  const positional = argv.filter((a) => !a.startsWith('--'));
  const url = positional.at(-1);
  if (!url || flags.has('--help')) {
    console.error(
      [
        'Usage: mcp-lens-cli [--verbose] [--no-call] <server URL>',
        '  --verbose  print every JSON-RPC frame, note and authorization step',
        '  --no-call  connect and list the tools without calling any',
      ].join('\n'),
    );
    process.exit(url ? 0 : 2);
  }
  const toolCalls = readToolCalls(parseContext(process.env.MCP_CONFORMANCE_CONTEXT).toolCalls);
  return { url, verbose: flags.has('--verbose'), callTools: !flags.has('--no-call'), ...(toolCalls && { toolCalls }) };
}

function authSettings(env: NodeJS.ProcessEnv): AuthSettings {
  const context = parseContext(env.MCP_CONFORMANCE_CONTEXT);
  return {
    redirectUrl: REDIRECT_URL,
    clientName: 'MCP Lens (headless)',
    ...(env.MCP_CONFORMANCE_SCENARIO && { clientMetadataUrl: CONFORMANCE_CLIENT_METADATA_URL }),
    ...(env.MCP_LENS_CLIENT_METADATA_URL && { clientMetadataUrl: env.MCP_LENS_CLIENT_METADATA_URL }),
    ...(typeof context.client_id === 'string' && { clientId: context.client_id }),
    ...(typeof context.client_secret === 'string' && { clientSecret: context.client_secret }),
  };
}

function readToolCalls(value: unknown): ToolCall[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.flatMap((call: unknown) => {
    const { name, arguments: args } = (typeof call === 'object' && call !== null ? call : {}) as Record<string, unknown>;
    return typeof name === 'string'
      ? [{ name, arguments: typeof args === 'object' && args !== null ? (args as Record<string, unknown>) : {} }]
      : [];
  });
}

function parseContext(raw: string | undefined): Record<string, unknown> {
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    console.error('MCP_CONFORMANCE_CONTEXT is not JSON; ignoring it.');
    return {};
  }
}

function printEvent(event: EngineEvent): void {
  if (event.type === 'note') console.error(`[${event.level}] ${event.text}`);
  if (event.type === 'auth' && event.update.kind === 'step') {
    const step = event.update.step;
    const facts = step.facts?.map((fact) => `${fact.label}: ${fact.value}`).join('; ');
    console.error(
      `[auth] ${step.verdict.padEnd(11)} ${step.title}${step.http ? ` ${step.http.method} ${step.http.url} → ${step.http.status ?? step.http.error}` : ''}${step.detail ? ` — ${step.detail}` : ''}${facts ? ` [${facts}]` : ''}`,
    );
  }
  if (event.type === 'message') {
    const { direction, kind, method, rpcId } = event.entry;
    console.error(`[rpc] ${direction === 'out' ? '→' : '←'} ${kind} ${method ?? ''} ${rpcId ?? ''}`);
  }
}

async function main(): Promise<number> {
  const options = parseArgs(process.argv.slice(2));
  const settings = authSettings(process.env);
  const engine = createEngine({
    fetch: (input, init) => fetch(input, init),
    clock: realClock,
    emit: (event) => options.verbose && printEvent(event),
    auth: { host: headlessAuthHost(settings.redirectUrl), settings },
    extensions: [headlessRequestAnswers()],
  });

  let failures = 0;
  // Through the local relay (docs/relay.md) the token comes from the environment, as the relay's own does.
  const relayToken = process.env.MCP_LENS_RELAY_TOKEN;
  const headers = relayToken ? [{ name: RELAY_TOKEN_HEADER, value: relayToken }] : [];
  const summary = await engine.call('connect', { url: options.url, transport: 'auto', headers });
  console.log(`connected: ${summary.server.name} ${summary.server.version} (${summary.transport}, protocol ${summary.protocolVersion})`);
  if (summary.capabilities.tools) {
    const { tools } = await engine.call('listTools', undefined);
    console.log(`tools: ${tools.map((t) => t.name).join(', ') || '(none)'}`);
    if (options.callTools) {
      for (const planned of plannedCalls(tools, options.toolCalls)) {
        const { name } = planned;
        const tool = tools.find((t) => t.name === name);
        if (tool?.excluded !== undefined) {
          console.log(`skip ${name}: excluded — ${tool.excluded}`);
          continue;
        }
        if ('skip' in planned) {
          console.log(`skip ${name}: not called — ${planned.skip}`);
          continue;
        }
        try {
          const outcome = await engine.call('callTool', { name, arguments: planned.arguments });
          const flagged = outcome.specViolations ? ` — spec violation: ${outcome.specViolations.join(' ')}` : '';
          console.log(`call ${name}: ${outcome.isError ? 'isError' : 'ok'} (${outcome.content.length} blocks)${flagged}`);
        } catch (error) {
          const refused = serverRefused(error);
          if (!refused) failures++;
          const { message } = error as { message?: string };
          console.log(`call ${name}: ${refused ? 'answered with an error' : 'failed'} — ${message ?? String(error)}`);
        }
      }
    }
  }
  await engine.call('disconnect', undefined);
  return failures === 0 ? 0 : 1;
}

/** The calls the conformance context asks for, else every tool once with arguments that match its schema. */
function plannedCalls(tools: Tool[], requested: ToolCall[] | undefined): PlannedCall[] {
  if (requested) return requested;
  return tools.map((tool) => {
    const sampled = sampleArguments(tool.inputSchema);
    return sampled.ok ? { name: tool.name, arguments: sampled.arguments } : { name: tool.name, skip: sampled.reason };
  });
}

// `audit` is a command of its own (src/node/cli/audit/): the same engine, running checks instead of calls.
const run =
  process.argv[2] === 'audit' ? () => import('./audit/run-process.ts').then((m) => m.runAuditProcess(process.argv.slice(3))) : main;
run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const e = error as { message?: string; detail?: string };
    console.error(`mcp-lens-cli: ${e.message ?? String(error)}${e.detail ? `\n  ${e.detail}` : ''}`);
    process.exit(1);
  },
);
