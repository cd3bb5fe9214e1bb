import { describe, expect, it } from 'vitest';
import type { Tool } from '../../shared/model.ts';
import { appCatalog } from './app-catalog.ts';

const tool = (name: string, resourceUri?: string): Tool => ({
  name,
  inputSchema: { type: 'object' },
  icons: [],
  ...(resourceUri && { ui: { resourceUri, visibility: ['model', 'app'] } }),
});

describe('appCatalog', () => {
  it('lists app resources with the tools that show them, and apps only a tool names', () => {
    const catalog = appCatalog(
      [
        { uri: 'ui://a/chart.html', name: 'chart', mimeType: 'text/html;profile=mcp-app', icons: [] },
        { uri: 'demo://notes', name: 'notes', mimeType: 'text/plain', icons: [] },
      ],
      [tool('show', 'ui://a/chart.html'), tool('plain'), tool('hidden', 'ui://a/unlisted.html')],
    );
    expect(catalog.map((entry) => [entry.uri, entry.tools.map((t) => t.name)])).toEqual([
      ['ui://a/chart.html', ['show']],
      ['ui://a/unlisted.html', ['hidden']],
    ]);
  });
});
