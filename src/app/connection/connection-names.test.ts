import { describe, expect, it } from 'vitest';
import type { ServerSummary } from '../../shared/model.ts';
import type { ConnectionState, SavedServer } from '../../state/index.ts';
import { connectionName, distinctNames, fileNamePart } from './connection-names.ts';
import { exportFileName } from '../files/file-stamp.ts';

const input: ConnectionState['input'] = { url: '', headers: [], transport: 'auto', era: 'auto' };
const summary = (server: Partial<ServerSummary['server']>, url = 'http://127.0.0.1:3001/mcp') =>
  ({ url, server: { name: '', version: '1', icons: [], ...server } }) as ServerSummary;
const saved = (name: string, url: string): SavedServer => ({ id: name, name, url, transport: 'auto', era: 'auto', headers: [], usedAt: 0 });

describe('connectionName', () => {
  it("names a connected server by its title, then its name, then the URL's host", () => {
    expect(connectionName({ input, summary: summary({ name: 'demo', title: 'Demo server' }) }, [])).toBe('Demo server');
    expect(connectionName({ input, summary: summary({ name: 'demo', title: '  ' }) }, [])).toBe('demo');
    expect(connectionName({ input, summary: summary({}) }, [])).toBe('127.0.0.1:3001');
  });

  it('names one not connected yet by the host typed, or calls it new', () => {
    expect(connectionName({ input: { ...input, url: 'https://mcp.example.com/mcp' }, summary: null }, [])).toBe('mcp.example.com');
    expect(connectionName({ input: { ...input, url: 'not a url' }, summary: null }, [])).toBe('New connection');
    expect(connectionName({ input, summary: null }, [])).toBe('New connection');
  });

  it("keeps a server's name after it disconnects, until the URL is changed", () => {
    const last = summary({ name: 'demo' });
    expect(connectionName({ input: { ...input, url: 'http://127.0.0.1:3001/mcp' }, summary: null, lastSummary: last }, [])).toBe('demo');
    expect(connectionName({ input: { ...input, url: 'http://127.0.0.1:3002/mcp' }, summary: null, lastSummary: last }, [])).toBe(
      '127.0.0.1:3002',
    );
  });

  it('names a saved server by its saved name, before and after it connects, whatever credentials its URL carries', () => {
    const list = [saved('Staging', 'http://127.0.0.1:3001/mcp?api_key=')];
    expect(connectionName({ input: { ...input, url: 'http://127.0.0.1:3001/mcp?api_key=s3cret' }, summary: null }, list)).toBe('Staging');
    expect(connectionName({ input, summary: summary({ name: 'demo' }, 'http://127.0.0.1:3001/mcp?api_key=s3cret') }, list)).toBe('Staging');
    // Connected, the live server counts, not a draft typed in the bar since.
    expect(
      connectionName(
        { input: { ...input, url: 'http://127.0.0.1:9/mcp' }, summary: summary({ name: 'demo' }, 'http://127.0.0.1:3001/mcp') },
        list,
      ),
    ).toBe('Staging');
    expect(connectionName({ input: { ...input, url: 'http://127.0.0.1:3002/mcp' }, summary: null }, list)).toBe('127.0.0.1:3002');
  });

  it('names a session file opened on a connection by its file', () => {
    expect(connectionName({ input: { ...input, url: 'http://127.0.0.1:3001/mcp' }, summary: null }, [], 'run.mcplens.json')).toBe(
      'run.mcplens.json',
    );
  });
});

describe('distinctNames', () => {
  it('keeps the first of a name and numbers the next ones in order', () => {
    expect(distinctNames(['demo', 'other', 'demo', 'demo'])).toEqual(['demo', 'other', 'demo · 2', 'demo · 3']);
    expect(distinctNames(['a', 'b'])).toEqual(['a', 'b']);
  });
});

describe('export file names', () => {
  it('carry the connection they came from, safe for any file system', () => {
    expect(fileNamePart('MCP Lens Demo Server · 2')).toBe('mcp-lens-demo-server-2');
    expect(fileNamePart('127.0.0.1:3001')).toBe('127-0-0-1-3001');
    expect(fileNamePart('Ünïcode ✓ name')).toBe('unicode-name');
    expect(fileNamePart('✓✓')).toBe('connection');
    expect(fileNamePart('x'.repeat(80))).toHaveLength(40);
    const at = new Date(2026, 10, 30, 4, 20, 0);
    expect(exportFileName('log', 'demo · 2', at, '.jsonl')).toBe('mcp-lens-log-demo-2-2026-11-30T04-20-00.jsonl');
    expect(exportFileName('', 'demo', at, '.har')).toBe('mcp-lens-demo-2026-11-30T04-20-00.har');
  });
});
