/** Starts the independent reference server, @modelcontextprotocol/server-everything, on a free loopback port. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startEverythingServer(mode: 'streamableHttp' | 'sse'): Promise<{ url: string; close(): void }> {
  const port = await freePort();
  const packageJson = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/package.json');
  const child: ChildProcess = spawn(process.execPath, [join(dirname(packageJson), 'dist/index.js'), mode], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server-everything (${mode}) did not start within 15 s`)), 15_000);
    const onData = (chunk: Buffer) => {
      if (/running on port|listening/i.test(chunk.toString())) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server-everything exited early with code ${code}`)));
  });
  const path = mode === 'sse' ? '/sse' : '/mcp';
  return { url: `http://127.0.0.1:${port}${path}`, close: () => child.kill() };
}
