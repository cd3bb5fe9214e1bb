/** The schema showcase tools through the real engine: schemas arrive verbatim, results as declared. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from '../../test/support/engine-harness.ts';
import { startDemoServer, type RunningDemoServer } from './server.ts';

let server: RunningDemoServer;
beforeAll(async () => {
  server = await startDemoServer();
});
afterAll(async () => server?.close());

describe('demo server schema tools', () => {
  it('serves plan-trip with $defs/$ref, nullable, anyOf, a map and formats, and runs it', async () => {
    const h = createHarness();
    await h.engine.call('connect', { url: server.url, headers: [], transport: 'auto' });
    const { tools } = await h.engine.call('listTools', undefined);
    const trip = tools.find((t) => t.name === 'plan-trip')!;
    const props = trip.inputSchema.properties as Record<string, Record<string, unknown>>;
    expect(trip.inputSchema.$defs).toHaveProperty('place');
    expect(props.from).toMatchObject({ $ref: '#/$defs/place' });
    expect(props.returnDate!.type).toEqual(['string', 'null']);
    expect(props.budget!.anyOf).toHaveLength(2);
    expect(props.preferences!.additionalProperties).toEqual({ type: 'string' });
    expect(tools.find((t) => t.name === 'legacy-search')?.inputSchema.$schema).toMatch(/draft-04/);
    expect(tools.find((t) => t.name === 'reset-demo')?.annotations).toBeUndefined();

    const outcome = await h.engine.call('callTool', {
      name: 'plan-trip',
      arguments: {
        from: { city: 'Lisbon', country: 'PT' },
        to: { city: 'Oslo', country: 'NO' },
        departure: '2026-12-01T09:00:00Z',
        returnDate: null,
        budget: 'moderate',
        preferences: { seat: 'window' },
      },
    });
    expect(outcome.isError).toBe(false);
    expect(JSON.stringify(outcome.content)).toContain('Trip from Lisbon (PT) to Oslo (NO)');
    expect(JSON.stringify(outcome.content)).toContain('seat=window');

    const invalid = await h.engine.call('callTool', { name: 'plan-trip', arguments: { from: { city: 'x', country: 'portugal' } } });
    expect(invalid.isError).toBe(true);
    await h.engine.call('disconnect', undefined);
  });

  it('returns mismatching structured content next to its outputSchema errors, and annotated content', async () => {
    const h = createHarness();
    await h.engine.call('connect', { url: server.url, headers: [], transport: 'auto' });
    await h.engine.call('listTools', undefined);
    const broken = await h.engine.call('callTool', { name: 'broken-output', arguments: {} });
    expect(broken.structuredContent).toEqual({ count: 'three', items: ['a', 'b', 'c'] });
    expect(broken.outputSchemaErrors?.join(' ')).toMatch(/count|integer/);
    const annotated = await h.engine.call('callTool', { name: 'annotated-report', arguments: {} });
    expect(annotated.content[0]).toMatchObject({ annotations: { audience: ['user'], priority: 1 } });
    expect(annotated.content[2]).toMatchObject({ type: 'resource', annotations: { priority: 0.5 } });
    await h.engine.call('disconnect', undefined);
  });
});
