import { describe, expect, it } from 'vitest';
import { corsFixes } from './cors.ts';

const ORIGIN = 'https://lens.example.com';
const EVERY_HEADER = [
  'Content-Type',
  'Accept',
  'Authorization',
  'Mcp-Session-Id',
  'Mcp-Protocol-Version',
  'Mcp-Method',
  'Mcp-Name',
  'Last-Event-ID',
];

describe('corsFixes', () => {
  it('keeps every line of every fix short enough for its panel at 1280 px, a long header list filled onto lines below its key', () => {
    for (const fix of corsFixes({ allowHeaders: EVERY_HEADER, exposeHeaders: ['Mcp-Session-Id', 'WWW-Authenticate'] }, ORIGIN)) {
      const long = fix.code.split('\n').filter((line) => line.length > 80);
      expect(long, fix.stack).toEqual([]);
      for (const header of EVERY_HEADER) expect(fix.code, fix.stack).toContain(`${fix.language === 'python' ? '"' : "'"}${header}`);
    }
  });

  it('keeps a short list on one line', () => {
    const [express] = corsFixes({ allowHeaders: ['Content-Type'], exposeHeaders: ['Mcp-Session-Id'] }, ORIGIN);
    expect(express!.code).toContain("  allowedHeaders: ['Content-Type'],\n");
    expect(express!.code).toContain("  exposedHeaders: ['Mcp-Session-Id'],\n");
  });
});
