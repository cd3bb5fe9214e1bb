import { Readable } from 'node:stream';
import type { IncomingMessage } from 'node:http';

import { describe, expect, it } from 'vitest';

import { readBodyOrId, requestIdOfBytes, TopLevelIdScanner } from './request-id.ts';

/** The scanner fed `text` in pieces cut at `at` (every cut point, in the tests below). */
function scan(text: string, at: number): ReturnType<TopLevelIdScanner['result']> {
  const bytes = Buffer.from(text);
  const scanner = new TopLevelIdScanner();
  scanner.push(bytes.subarray(0, at));
  scanner.push(bytes.subarray(at));
  return scanner.result();
}

const bodies: Array<[string, string | number | null]> = [
  ['{"jsonrpc":"2.0","id":7,"method":"tools/list"}', 7],
  // Clients put the id last, after params that may be as large as anything.
  ['{"method":"tools/call","params":{"name":"x","arguments":{"id":99,"s":"a}\\"]{"}},"jsonrpc":"2.0","id":12}', 12],
  ['{ "id" : "req-\\u00e9\\"1" , "method": "ping" }', 'req-é"1'],
  ['{"id":-3.5e2}', -350],
  ['{"id":1,"id":"last"}', 'last'],
  ['{"idx":1,"xid":2,"i":3}', null],
  ['{"id":null,"method":"x"}', null],
  ['{"id":{"a":1}}', null],
  ['{"id":[1]}', null],
  ['{"id":true}', null],
  ['{"params":{"id":5}}', null],
  ['{}', null],
  ['[{"id":1}]', null],
  ['{"id":1', null],
  ['{"id":1}}', null],
  ['{"id":1} x', null],
  ['{"id":1,}', null],
  ['{"id" 1}', null],
  ['"id"', null],
  ['', null],
];

describe('the id of a refused request', () => {
  it.each(bodies)('finds the top-level id of %s as JSON.parse would, however the body is cut', (text, expected) => {
    for (let at = 0; at <= Buffer.byteLength(text); at++) expect(scan(text, at), `cut at ${at}`).toEqual(expected);
    if (expected !== null) expect(requestIdOfBytes(Buffer.from(text))).toEqual(expected);
  });

  it('does not echo an id longer than 1 KiB', () => {
    expect(scan(`{"id":"${'a'.repeat(2000)}"}`, 10)).toBeNull();
    expect(scan(`{"id":"${'a'.repeat(1000)}"}`, 10)).toBe('a'.repeat(1000));
  });

  it('reads past the body limit only to find the id, keeping nothing, and not past the scan limit', async () => {
    const big = `{"method":"tools/call","params":{"pad":"${'x'.repeat(5000)}"},"jsonrpc":"2.0","id":"late"}`;
    const request = (text: string, declared?: number) =>
      Object.assign(Readable.from([Buffer.from(text)]), {
        headers: declared === undefined ? {} : { 'content-length': String(declared) },
      }) as unknown as IncomingMessage;
    expect(await readBodyOrId(request('{"id":1}'), 1024, 8192)).toEqual({ ok: true, bytes: Buffer.from('{"id":1}') });
    expect(await readBodyOrId(request(big), 1024, 8192)).toEqual({ ok: false, id: 'late' });
    expect(await readBodyOrId(request(big), 1024, 2048)).toEqual({ ok: false, id: null });
    expect(await readBodyOrId(request(big, 100_000), 1024, 8192)).toEqual({ ok: false, id: null });
  });
});
