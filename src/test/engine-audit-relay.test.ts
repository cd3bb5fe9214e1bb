/**
 * The audit through the local relay, with the engine as a page runs it (its fetch and no probe of its own):
 * the checks a browser cannot make run through the relay's probe endpoint, and every verdict equals the one
 * the command line gets against the same server directly. The endpoint's refusals are in
 * src/node/relay/relay-probe-endpoint.test.ts.
 */
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type RunningDemoServer } from '../node/demo-server/index.ts';
import { nodeRawHttp } from '../node/http/raw-http.ts';
import { startRelay, type RunningRelay } from '../node/relay/relay.ts';
import type { AuditReport } from '../shared/audit.ts';
import type { ProtocolEra } from '../shared/model.ts';
import { RELAY_TOKEN_HEADER } from '../shared/relay.ts';
import { createHarness } from './support/engine-harness.ts';
import { startBrokenAuditServer } from './servers/broken-audit-server.ts';

const STDIO_FIXTURE = fileURLToPath(new URL('./servers/relay-stdio-modern-fixture.ts', import.meta.url));

let demo: RunningDemoServer;
let broken: Awaited<ReturnType<typeof startBrokenAuditServer>>;
const relays: RunningRelay[] = [];
beforeAll(async () => {
  [demo, broken] = await Promise.all([startDemoServer({ port: 0, cors: false }), startBrokenAuditServer()]);
});
afterAll(async () => {
  await Promise.all([...relays.map((relay) => relay.close()), demo.close(), broken.close()]);
});

const verdicts = (report: AuditReport) => Object.fromEntries(report.results.map((r) => [r.id, r.verdict]));
const resultOf = (report: AuditReport, id: string) => report.results.find((r) => r.id === id)!;

/** The command line's audit of `url`, and a page's audit of it through a fresh relay. */
async function bothWays(url: string, era?: ProtocolEra) {
  const cli = createHarness({ rawHttp: nodeRawHttp });
  await cli.engine.call('connect', { url, headers: [], transport: 'auto', ...(era && { era }) });
  const direct = await cli.engine.call('runAudit', { runId: 'cli' });
  await cli.engine.call('disconnect', undefined);

  const relay = await startRelay({ target: { kind: 'http', url: new URL(url) }, allowedOrigins: [], log: () => undefined });
  relays.push(relay);
  const page = createHarness();
  const headers = [{ name: RELAY_TOKEN_HEADER, value: relay.token }];
  await page.engine.call('connect', { url: relay.url, headers, transport: 'auto', ...(era && { era }) });
  const viaRelay = await page.engine.call('runAudit', { runId: 'relay' });
  await page.engine.call('disconnect', undefined);
  return { direct, viaRelay, page, relay };
}

describe('an audit through the local relay', () => {
  it.each<ProtocolEra>(['legacy', 'modern'])(
    'runs the DNS-rebinding and CORS checks there, with every verdict the command line gets (%s era)',
    async (era) => {
      const { direct, viaRelay, page, relay } = await bothWays(demo.url, era);
      expect(viaRelay.era).toBe(era);
      expect(verdicts(viaRelay)).toEqual(verdicts(direct));
      const rebinding = resultOf(viaRelay, 'dns-rebinding-protection');
      expect(rebinding.verdict).toBe('pass');
      expect(rebinding.reason).toMatch(/refused \(HTTP 403\)\. \(Checked through the local relay\.\)$/);
      expect(rebinding.details.join('\n')).toContain('Sent through the local relay');
      expect(rebinding.details.join('\n')).toContain(new URL(demo.url).host);
      // The demo server here sends no CORS headers: the check ran, and says a page reaches it only through a relay.
      const cors = resultOf(viaRelay, 'cors');
      expect(cors).toMatchObject({ verdict: 'not-applicable' });
      expect(cors.reason).toContain('lets no page');
      expect(cors.details.join('\n')).toContain('Sent through the local relay');
      expect(viaRelay.results.map((r) => r.reason).join('\n')).not.toContain('A browser cannot make this check');
      expect(JSON.stringify(page.events)).not.toContain(relay.token);
    },
  );

  it('fails a server without DNS-rebinding protection, as the command line does', async () => {
    const { direct, viaRelay } = await bothWays(broken.urlFor('no-dns-rebinding-protection'));
    expect(resultOf(direct, 'dns-rebinding-protection').verdict).toBe('fail');
    expect(verdicts(viaRelay)).toEqual(verdicts(direct));
    expect(resultOf(viaRelay, 'dns-rebinding-protection').reason).toContain('evil.example.com got HTTP 200');
  });

  it('through a relay for a stdio server (no HTTP behind it), says it cannot make them; plain probes still pass its door', async () => {
    const relay = await startRelay({
      target: { kind: 'stdio', command: process.execPath, args: ['--import', 'tsx', STDIO_FIXTURE] },
      allowedOrigins: [],
      log: () => undefined,
      stdioProbeTimeoutMs: 120_000,
    });
    relays.push(relay);
    const page = createHarness();
    const headers = [{ name: RELAY_TOKEN_HEADER, value: relay.token }];
    await page.engine.call('connect', { url: relay.url, headers, transport: 'auto', era: 'modern', requestTimeoutMs: 120_000 });
    const report = await page.engine.call('runAudit', {
      runId: 'stdio',
      options: { checks: ['dns-rebinding-protection', 'http-header-validation'] },
    });
    await page.engine.call('disconnect', undefined);
    expect(resultOf(report, 'dns-rebinding-protection')).toMatchObject({ verdict: 'not-applicable' });
    expect(resultOf(report, 'dns-rebinding-protection').reason).toContain('A browser cannot make this check');
    expect(page.notes().join('\n')).toContain('a relay for a stdio server has no HTTP to probe');
    const probes = resultOf(report, 'http-header-validation').exchanges;
    expect(probes.length).toBeGreaterThan(0);
    // The relay's token went with them: none was refused at its door.
    expect(probes.map((x) => x.httpStatus)).not.toContain(403);
  });

  it('without the relay, a page still says it cannot make those checks', async () => {
    const page = createHarness();
    await page.engine.call('connect', { url: demo.url, headers: [], transport: 'auto', era: 'legacy' });
    const report = await page.engine.call('runAudit', { runId: 'page', options: { checks: ['dns-rebinding-protection'] } });
    await page.engine.call('disconnect', undefined);
    expect(resultOf(report, 'dns-rebinding-protection')).toMatchObject({ verdict: 'not-applicable' });
    expect(resultOf(report, 'dns-rebinding-protection').reason).toContain('connect through the local relay');
  });
});
