// The broken audit fixture (src/test/servers/broken-audit-server.ts) for e2e: it listens on a random port
// without CORS, for Node tests; this puts it behind a fixed port with CORS so the browser can audit it.
// `/<fault>/mcp` and `/modern/<fault>/mcp` are passed through as they are.
import { createServer } from 'node:http';
import { startBrokenAuditServer } from '../../src/test/servers/broken-audit-server.ts';
import { BROKEN_AUDIT_PORT, HOST } from './ports.ts';

const inner = await startBrokenAuditServer();
const innerBase = new URL(inner.urlFor('sound')).origin;

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
  'access-control-allow-headers': '*',
  'access-control-expose-headers': '*',
};

const server = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/')
    return void res.writeHead(200, { 'content-type': 'text/plain' }).end('broken audit fixture\n');
  if (req.method === 'OPTIONS') return void res.writeHead(204, CORS).end();
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string' && name !== 'host') headers[name] = value;
    fetch(`${innerBase}${req.url ?? '/'}`, {
      method: req.method ?? 'GET',
      headers,
      ...(chunks.length > 0 && { body: Buffer.concat(chunks) }),
    })
      .then(async (answer) => {
        const body = Buffer.from(await answer.arrayBuffer());
        // The session id passes through as the fixture sent it: session-id-not-ascii is about its bytes.
        const sessionId = answer.headers.get('mcp-session-id');
        res
          .writeHead(answer.status, {
            ...CORS,
            'content-type': answer.headers.get('content-type') ?? 'text/plain',
            ...(sessionId !== null && { 'mcp-session-id': sessionId }),
          })
          .end(body);
      })
      .catch((error: unknown) => res.writeHead(502, CORS).end(String(error)));
  });
});
server.listen(BROKEN_AUDIT_PORT, HOST, () => console.log(`broken audit fixture: http://${HOST}:${BROKEN_AUDIT_PORT}/<fault>/mcp`));

const stop = () => {
  server.closeAllConnections();
  server.close(() => void inner.close().then(() => process.exit(0)));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
