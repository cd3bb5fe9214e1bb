import { describe, expect, it } from 'vitest';
import type { ServerSummary } from '../../shared/model.ts';
import type { ConnectionState } from '../../state/index.ts';
import { connectionLabel } from './connection-label.ts';

const input: ConnectionState['input'] = { url: '', headers: [], transport: 'auto', era: 'auto' };
const summary = (server: Partial<ServerSummary['server']>) =>
  ({ url: 'http://127.0.0.1:3001/mcp', server: { name: '', version: '1', icons: [], ...server } }) as ServerSummary;

describe('connectionLabel', () => {
  it("names a connected server by its title, then its name, then the URL's host", () => {
    expect(connectionLabel({ input, summary: summary({ name: 'demo', title: 'Demo server' }) })).toBe('Demo server');
    expect(connectionLabel({ input, summary: summary({ name: 'demo', title: '  ' }) })).toBe('demo');
    expect(connectionLabel({ input, summary: summary({}) })).toBe('127.0.0.1:3001');
  });

  it('names one not connected yet by the host typed, or calls it new', () => {
    expect(connectionLabel({ input: { ...input, url: 'https://mcp.example.com/mcp' }, summary: null })).toBe('mcp.example.com');
    expect(connectionLabel({ input: { ...input, url: 'not a url' }, summary: null })).toBe('New connection');
    expect(connectionLabel({ input, summary: null })).toBe('New connection');
  });
});
