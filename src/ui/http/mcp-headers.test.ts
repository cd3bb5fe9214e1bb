import { describe, expect, it } from 'vitest';
import { decodeMcpHeaderValue, isMcpHeader, mcpHeaderRows, mcpHeaderValue } from './mcp-headers.ts';

const sentinel = (bytes: number[]) => `=?base64?${btoa(String.fromCharCode(...bytes))}?=`;
const utf8 = (text: string) => [...new TextEncoder().encode(text)];

describe('decodeMcpHeaderValue', () => {
  it('passes plain values through, internal spaces included', () => {
    expect(decodeMcpHeaderValue('tools/call')).toEqual({ kind: 'plain', value: 'tools/call' });
    expect(decodeMcpHeaderValue('New York')).toEqual({ kind: 'plain', value: 'New York' });
    expect(decodeMcpHeaderValue('')).toEqual({ kind: 'plain', value: '' });
    // Only the whole-value form is the sentinel.
    expect(decodeMcpHeaderValue('x=?base64?SGk=?=')).toEqual({ kind: 'plain', value: 'x=?base64?SGk=?=' });
  });

  it('decodes the sentinel form as UTF-8', () => {
    expect(decodeMcpHeaderValue('=?base64?Z3LDvMOfZQ==?=')).toEqual({ kind: 'base64', value: 'grüße' });
    expect(decodeMcpHeaderValue(sentinel(utf8(' leading space')))).toEqual({ kind: 'base64', value: ' leading space' });
    expect(decodeMcpHeaderValue(sentinel(utf8('line\r\nbreak')))).toEqual({ kind: 'base64', value: 'line\r\nbreak' });
    expect(decodeMcpHeaderValue(sentinel(utf8('東京 🗼')))).toEqual({ kind: 'base64', value: '東京 🗼' });
    // An empty string is sent as the sentinel with nothing inside.
    expect(decodeMcpHeaderValue('=?base64??=')).toEqual({ kind: 'base64', value: '' });
  });

  it('says when the content is not Base64', () => {
    for (const raw of ['=?base64?not base64!?=', '=?base64?SGk?=', '=?base64?SG=k?=']) {
      expect(decodeMcpHeaderValue(raw)).toMatchObject({ kind: 'invalid', reason: expect.stringContaining('Base64') });
    }
  });

  it('says when the decoded bytes are not UTF-8, and never guesses another encoding', () => {
    // Latin-1 "é" alone, and a truncated multi-byte sequence.
    expect(decodeMcpHeaderValue(sentinel([0xe9]))).toEqual({ kind: 'invalid', reason: 'the 1 decoded bytes are not UTF-8 text' });
    expect(decodeMcpHeaderValue(sentinel([0x41, 0xe2, 0x82]))).toMatchObject({ kind: 'invalid' });
  });
});

describe('MCP header rows', () => {
  const pairs: Array<[string, string]> = [
    ['content-type', 'application/json'],
    ['mcp-method', 'tools/call'],
    ['Mcp-Name', '=?base64?Z3LDvMOfZQ==?='],
    ['MCP-Protocol-Version', '2026-07-28'],
    ['Mcp-Param-Region', '=?base64?%%%?='],
  ];

  it('lists only MCP headers, in order, each decoded', () => {
    expect(isMcpHeader('Mcp-Session-Id')).toBe(true);
    expect(isMcpHeader('Accept')).toBe(false);
    expect(mcpHeaderRows(pairs).map((row) => [row.name, row.decoded.kind])).toEqual([
      ['mcp-method', 'plain'],
      ['Mcp-Name', 'base64'],
      ['MCP-Protocol-Version', 'plain'],
      ['Mcp-Param-Region', 'invalid'],
    ]);
  });

  it('finds one value by name in any case, and reads malformed input as nothing', () => {
    expect(mcpHeaderValue(pairs, 'MCP-NAME')).toBe('grüße');
    expect(mcpHeaderValue(pairs, 'mcp-param-region')).toBe('=?base64?%%%?=');
    expect(mcpHeaderValue(pairs, 'Mcp-Session-Id')).toBeUndefined();
    expect(mcpHeaderRows(undefined)).toEqual([]);
    expect(mcpHeaderRows([['mcp-method'] as unknown as [string, string], [1, 2] as unknown as [string, string]])).toEqual([]);
  });
});
