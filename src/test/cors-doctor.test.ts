/** The CORS doctor against the hostile fixture's CORS scenarios, through a fetch that enforces CORS like a browser. */
import { describe, expect, it } from 'vitest';
import { serveOnLoopback } from './servers/loopback-server.ts';
import { createHarness } from './support/engine-harness.ts';
import { browserCorsFetch } from './support/browser-cors-fetch.ts';
import { paramHeaderNames } from '../shared/cors.ts';
import type { EraChoice } from '../shared/model.ts';
import { createHostileServer } from './servers/hostile/server.ts';

const origin = serveOnLoopback(createHostileServer());

const browser = () => createHarness({ fetch: browserCorsFetch('http://app.example') });
const url = (scenario: string) => `${origin()}/s/${scenario}/mcp`;
const connect = (scenario: string, headers: Array<{ name: string; value: string }> = [], era?: EraChoice, harness = browser()) =>
  harness.engine.call('connect', { url: url(scenario), headers, transport: 'streamable-http', ...(era && { era }) });

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
    const summary = await browser().engine.call('connect', {
      url: `${origin()}/s/cors-2025-allow-list/mcp`,
      headers: [],
      transport: 'auto',
    });
    expect(summary).toMatchObject({
      era: 'legacy',
      sessionId: expect.any(String),
      eraReason: expect.stringContaining('could not send the 2026-07-28 probe'),
    });
  });

  it('connects when CORS is right', async () => {
    await expect(connect('flood')).resolves.toMatchObject({ sessionId: expect.any(String) });
  });
});

describe('CORS doctor and the 2026-07-28 headers', () => {
  it('lists the modern headers a 2025-era allow-list lacks when 2026-07-28 is pinned', async () => {
    await expect(connect('cors-modern-headers-not-allowed', [], 'modern')).rejects.toMatchObject({
      code: 'cors',
      cors: {
        finding: 'modern-headers-not-allowed',
        header: 'Mcp-Method',
        missingHeaders: ['Mcp-Method', 'Mcp-Name'],
        allowHeaders: expect.arrayContaining(['Mcp-Method', 'Mcp-Name']),
      },
      message: expect.stringContaining(
        'add Mcp-Method, Mcp-Name (and one Mcp-Param-<Name> for each x-mcp-header its tools declare) to Access-Control-Allow-Headers, or connect as 2025',
      ),
    });
  });

  it('connects as 2025 when asked to, without a probe', async () => {
    const h = browser();
    const summary = await connect('cors-modern-headers-not-allowed', [], 'legacy', h);
    expect(summary).toMatchObject({ era: 'legacy', sessionId: expect.any(String) });
    expect(summary.probeBlocked).toBeUndefined();
    expect(h.messages().some((m) => m.method === 'server/discover')).toBe(false);
  });

  it('in Auto, connects as 2025 when the browser refuses the probe, says why, and the doctor names the headers on request', async () => {
    const h = browser();
    const summary = await connect('cors-modern-headers-not-allowed', [], 'auto', h);
    expect(summary).toMatchObject({
      era: 'legacy',
      protocolVersion: '2025-11-25',
      probeBlocked: true,
      eraReason: expect.stringContaining('could not send the 2026-07-28 probe'),
    });
    expect(h.notes().join('\n')).toContain('could not send the 2026-07-28');
    const diagnosis = await h.engine.call('checkCors', {
      url: url('cors-modern-headers-not-allowed'),
      headerNames: [],
      paramHeaders: ['Mcp-Param-Region'],
    });
    expect(diagnosis).toMatchObject({
      finding: 'modern-headers-not-allowed',
      missingHeaders: ['Mcp-Method', 'Mcp-Name', 'Mcp-Param-Region'],
    });
    expect(diagnosis.sentence).toContain('add Mcp-Method, Mcp-Name, Mcp-Param-Region to Access-Control-Allow-Headers');
    expect(diagnosis.allowHeaders).toContain('Mcp-Param-Region');
  });

  it('says every header is allowed when it is, and refuses a URL it would not connect to', async () => {
    const h = browser();
    await expect(
      h.engine.call('checkCors', { url: url('flood'), headerNames: ['X-Trace'], paramHeaders: ['Mcp-Param-Region', 'Not-A-Param'] }),
    ).resolves.toMatchObject({
      finding: 'all-allowed',
      sentence: expect.stringContaining('(Mcp-Param-Region included)'),
      allowHeaders: expect.arrayContaining(['X-Trace', 'Mcp-Param-Region']),
    });
    await expect(h.engine.call('checkCors', { url: 'javascript:alert(1)', headerNames: [], paramHeaders: [] })).rejects.toMatchObject({
      code: 'invalid-url',
    });
  });

  it('reads the Mcp-Param headers from the tools a server lists, defensively, leaving out tools that are never called', () => {
    const tools = [
      { name: 'a', inputSchema: { properties: { region: { type: 'string', 'x-mcp-header': 'Region' } } } },
      {
        name: 'b',
        inputSchema: {
          properties: { zone: { type: 'string', 'x-mcp-header': 'region' }, tenant: { type: 'integer', 'x-mcp-header': 'Tenant-Id' } },
        },
      },
      // An invalid declaration excludes the whole tool (SEP-2243), so none of its headers is ever sent.
      {
        name: 'excluded',
        inputSchema: {
          properties: { ok: { type: 'string', 'x-mcp-header': 'Ok' }, other: { type: 'string', 'x-mcp-header': 'bad name' } },
        },
      },
      null,
      { name: 'c', inputSchema: 'nope' },
    ];
    expect(paramHeaderNames(tools)).toEqual(['Mcp-Param-Region', 'Mcp-Param-Tenant-Id']);
    expect(paramHeaderNames('not a list')).toEqual([]);
  });
});
