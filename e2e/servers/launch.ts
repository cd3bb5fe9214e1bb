/**
 * Starts every e2e server (list.ts) for each worker slot (LENS_E2E_WORKERS) at once, and prints READY_LINE
 * when all of them answer; playwright.config.ts runs this as its one web server and waits for that line.
 * Playwright's own list of web servers starts them one after another, and finds each one up by a poll that
 * backs off to a second: 34 servers in two slots took 20–25 s that way on an idle two-core machine, and over a
 * minute on a loaded one, with the cores mostly idle. Here they start side by side and are polled every 50 ms.
 *
 * Outside CI a server that already answers is reused (a fast edit–test loop, as Playwright's
 * reuseExistingServer did); on CI it is an error, since it would be some other copy's code. Every server runs
 * in this process's group, so the SIGTERM that Playwright sends the group at the end reaches them all at once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { connect } from 'node:net';

import { describeError } from '../../src/shared/read.ts';
import { e2eServers, READY_LINE, type E2eServer } from './list.ts';

const POLL_MS = 50;
const REPORT_EVERY_MS = 30_000;
const slots = Math.max(1, Number(process.env.LENS_E2E_WORKERS) || 1);
const reuse = !process.env.CI;
const servers = Array.from({ length: slots }, (_, slot) => e2eServers(slot)).flat();
const children = new Map<string, ChildProcess>();
const waiting = new Set(servers.map((server) => server.name));
const began = Date.now();
const WINDOWS = process.platform === 'win32';

/** Stops a server: SIGTERM, or on Windows, where a signal reaches only the shell, `taskkill` of its whole tree. */
function stopTree(child: ChildProcess): void {
  if (WINDOWS && child.pid !== undefined) spawn('taskkill', ['/pid', String(child.pid), '/T', '/F'], { stdio: 'ignore' });
  else child.kill('SIGTERM');
}

let stopping = false;
/** Stops every server this run started, then exits with `code`. */
const stop = (code: number) => {
  if (stopping) return;
  stopping = true;
  const live = [...children.values()].filter((child) => child.exitCode === null && child.signalCode === null);
  if (live.length === 0) process.exit(code);
  let left = live.length;
  for (const child of live) {
    child.once('exit', () => --left === 0 && process.exit(code));
    stopTree(child);
  }
};
process.once('SIGTERM', () => stop(0));
process.once('SIGINT', () => stop(0));

const report = setInterval(() => {
  process.stderr.write(`still waiting for ${[...waiting].join(', ')} after ${seconds()} s\n`);
}, REPORT_EVERY_MS);

try {
  const outcomes = await Promise.all(servers.map(start));
  const reused = outcomes.filter((outcome) => outcome === 'reused').length;
  console.log(`${READY_LINE}: ${servers.length - reused} started, ${reused} reused, in ${seconds()} s`);
} catch (error) {
  process.stderr.write(`${describeError(error)}\n`);
  stop(1);
} finally {
  clearInterval(report);
}

async function start(server: E2eServer): Promise<'started' | 'reused'> {
  if (await isUp(server)) {
    if (!reuse)
      throw new Error(
        `${server.name}: ${where(server)} is already in use; stop what listens there, or give this run another LENS_E2E_PORT_BASE.`,
      );
    waiting.delete(server.name);
    return 'reused';
  }
  // `exec`: the shell becomes the server, so stopping the child stops the server itself, not a shell above it.
  // Windows' shell has no `exec`: there the stop ends the whole tree (`stopTree`).
  const child = spawn(WINDOWS ? server.command : `exec ${server.command}`, {
    shell: true,
    env: { ...process.env, ...server.env },
    stdio: ['pipe', 'ignore', server.stderr === 'ignore' ? 'ignore' : 'pipe'],
  });
  children.set(server.name, child);
  let tail = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (text: string) => {
    tail = (tail + text).slice(-2_000);
    process.stderr.write(text.replace(/^(?=.)/gm, `[${server.name}] `));
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code, signal) => {
      if (stopping) return;
      const how = signal ? `on ${signal}` : `with code ${code}`;
      const error = new Error(`${server.name}: \`${server.command}\` exited ${how}${waiting.has(server.name) ? ' before it was up' : ''}`);
      if (waiting.has(server.name)) reject(error);
      else process.stderr.write(`${error.message}\n${tail}`);
    }),
  );
  exited.catch(() => undefined);
  while (!(await isUp(server))) await Promise.race([new Promise((resolve) => setTimeout(resolve, POLL_MS)), exited]);
  waiting.delete(server.name);
  return 'started';
}

function isUp(server: E2eServer): Promise<boolean> {
  return server.url ? answers(new URL(server.url)) : listens(server.port!);
}

/** Up as Playwright's web server counted it: an HTTP status from 200 to 403 (a root's 404 tries /index.html). */
async function answers(url: URL): Promise<boolean> {
  let status = await statusOf(url);
  if (status === 404 && url.pathname === '/') status = await statusOf(new URL('/index.html', url));
  return status >= 200 && status < 404;
}

function statusOf(url: URL): Promise<number> {
  return new Promise((resolve) => {
    const ask = request(url, { headers: { accept: '*/*' } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    ask.setTimeout(5_000, () => ask.destroy());
    ask.on('error', () => resolve(0));
    ask.end();
  });
}

/** Something accepts connections on the port, on IPv4 or IPv6 loopback. */
async function listens(port: number): Promise<boolean> {
  const on = (host: string) =>
    new Promise<boolean>((resolve) => {
      const socket = connect({ host, port });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
  const [v4, v6] = await Promise.all([on('127.0.0.1'), on('::1')]);
  return v4 || v6;
}

function where(server: E2eServer): string {
  return server.url ?? `port ${server.port}`;
}

function seconds(): string {
  return ((Date.now() - began) / 1000).toFixed(1);
}
