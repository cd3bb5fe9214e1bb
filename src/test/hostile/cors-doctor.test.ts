/** The CORS doctor against the hostile fixture's CORS scenarios, through a fetch that enforces CORS like a browser. */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from '../engine-harness.ts';
import { browserCorsFetch } from '../browser-cors-fetch.ts';
import { createHostileServer } from './server.ts';

const server = createHostileServer();
let base = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const browser = () => createHarness(browserCorsFetch('http://app.example'));
const connect = (scenario: string, headers: Array<{ name: string; value: string }> = []) =>
  browser().engine.call('connect', { url: `${base}/s/${scenario}/mcp`, headers, transport: 'streamable-http', era: 'legacy' });

describe('CORS doctor', () => {
  it('says when the server allows no cross-origin requests at all', async () => {
    await expect(connect('cors-none')).rejects.toMatchObject({ code: 'cors', cors: { finding: 'no-allow-origin' } });
  });

  it('names Mcp-Protocol-Version when the preflight does not allow it', async () => {
    await expect(connect('cors-protocol-version-not-allowed')).rejects.toMatchObject({
      code: 'cors',
      cors: { finding: 'header-not-allowed', header: 'Mcp-Protocol-Version' },
      message: expect.stringContaining('does not allow the Mcp-Protocol-Version request header'),
    });
  });

  it("names the user's custom header when the preflight refuses it", async () => {
    await expect(connect('cors-custom-header-not-allowed', [{ name: 'X-Api-Key', value: 'secret' }])).rejects.toMatchObject({
      cors: { finding: 'header-not-allowed', header: 'X-Api-Key', allowHeaders: expect.arrayContaining(['X-Api-Key']) },
    });
  });

  it('says Mcp-Session-Id is not exposed when the server keeps sessions but the id is unreadable', async () => {
    await expect(connect('cors-session-id-not-exposed')).rejects.toMatchObject({
      code: 'cors',
      cors: { finding: 'header-not-exposed', header: 'Mcp-Session-Id' },
    });
  });

  it('in Auto, connects as 2025 when the browser refuses to send the 2026-07-28 probe, and says why', async () => {
    const summary = await browser().engine.call('connect', { url: `${base}/s/cors-2025-allow-list/mcp`, headers: [], transport: 'auto' });
    expect(summary).toMatchObject({ era: 'legacy', sessionId: expect.any(String), eraReason: expect.stringContaining('could not send the 2026-07-28 probe') });
  });

  it('connects when CORS is right', async () => {
    await expect(connect('flood')).resolves.toMatchObject({ sessionId: expect.any(String) });
  });
});
