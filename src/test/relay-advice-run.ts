import { spawn } from 'node:child_process';

import { RELAY_TOKEN_HEADER } from '../shared/relay.ts';

/**
 * Runs a command the app or the docs advise, as a person would paste it into a POSIX shell, and talks MCP
 * through the relay it starts: the proof that the advice works where it is given (src/test/engine-relay-advice.test.ts
 * for a clone, e2e/relay-file.spec.ts for the single file a hosted copy serves).
 */
export interface AdvisedRelay {
  /** The relay's MCP endpoint and token, read from what it printed. */
  url: string;
  token: string;
  /** The link it printed for the app. */
  link: string;
  /** Everything it printed so far. */
  output(): string;
  stop(): Promise<void>;
}

const CONNECT_LINE = /Or connect to (http:\/\/127\.0\.0\.1:\d+\/mcp) with the header Lens-Relay-Token: ([A-Za-z0-9_-]{43})/;
const LINK_LINE = /Open this link[^\n]*\n\s*(\S+)/;

/** Starts `command` with `sh -c` in `cwd`, in a process group of its own, and waits for the relay's address. */
export function runAdvisedRelay(command: string, cwd: string, timeoutMs = 90_000): Promise<AdvisedRelay> {
  // The person's environment, without a token a script fixed: the relay must print its own.
  const env = { ...process.env };
  delete env.MCP_LENS_RELAY_TOKEN;
  const child = spawn('sh', ['-c', command], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
    await exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`No relay address within ${timeoutMs} ms from: ${command}\n${output}`));
    }, timeoutMs);
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const found = CONNECT_LINE.exec(output);
      if (!found) return;
      clearTimeout(timer);
      child.stdout.off('data', read);
      child.stdout.on('data', (more: Buffer) => (output += more.toString('utf8')));
      resolve({ url: found[1]!, token: found[2]!, link: LINK_LINE.exec(output)?.[1] ?? '', output: () => output, stop });
    };
    child.stdout.on('data', read);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`Exited (${code}) before printing its address: ${command}\n${output}`));
    });
  });
}

const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'relay-advice-test', version: '1.0.0' },
};

/** The first JSON-RPC message of an answer: its JSON body, or the first event of its stream. */
async function firstMessage(response: Response): Promise<Record<string, unknown>> {
  const text = await response.text();
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) return JSON.parse(text) as Record<string, unknown>;
  const data = text.split('\n').find((line) => line.startsWith('data: '));
  if (data === undefined) throw new Error(`An event stream without a message: ${text.slice(0, 500)}`);
  return JSON.parse(data.slice('data: '.length)) as Record<string, unknown>;
}

/** A 2025 `initialize` through the relay: the result, and the relay's version from its answer. */
export async function initializeThrough(relay: AdvisedRelay, origin?: string) {
  const response = await fetch(relay.url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      [RELAY_TOKEN_HEADER]: relay.token,
      ...(origin !== undefined && { Origin: origin }),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'relay-advice-test', version: '1.0.0' } },
    }),
  });
  return { status: response.status, headers: response.headers, message: await firstMessage(response) };
}

/** A 2026-07-28 `server/discover` through the relay. */
export async function discoverThrough(relay: AdvisedRelay) {
  const response = await fetch(relay.url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': '2026-07-28',
      'Mcp-Method': 'server/discover',
      [RELAY_TOKEN_HEADER]: relay.token,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'server/discover', params: { _meta: ENVELOPE } }),
  });
  return { status: response.status, headers: response.headers, message: await firstMessage(response) };
}
