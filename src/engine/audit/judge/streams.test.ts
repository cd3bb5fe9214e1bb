import { describe, expect, it } from 'vitest';
import { probedOf } from '../../../test/support/audit-exchanges.ts';
import { judgeConcurrentPosts } from './streams.ts';

const rpc = { jsonrpc: '2.0', id: 1, result: { tools: [] } };
const json = () => probedOf('post', 200, { rpc, headers: { 'content-type': 'application/json' } });
const stream = (answered = true) => probedOf('post', 200, { headers: { 'content-type': 'text/event-stream' }, ...(answered && { rpc }) });

describe('judgeConcurrentPosts', () => {
  it('passes concurrent POSTs served as JSON or as working streams', () => {
    expect(judgeConcurrentPosts([json(), json(), json()]).map((f) => f.verdict)).toEqual(['pass', 'note']);
    expect(judgeConcurrentPosts([stream(), stream(), json()]).map((f) => f.verdict)).toEqual(['pass']);
  });

  it('fails a refused POST, and streams that carried no response; warns when only some did', () => {
    const refused = judgeConcurrentPosts([json(), probedOf('post', 409), json()]);
    expect(refused[0]).toMatchObject({
      verdict: 'fail',
      text: expect.stringContaining('1 of 3 concurrent POSTs were refused (statuses 200, 409, 200)'),
    });
    expect(judgeConcurrentPosts([stream(false), stream(false)]).map((f) => f.verdict)).toEqual(['fail']);
    expect(judgeConcurrentPosts([stream(), stream(false)]).map((f) => f.verdict)).toEqual(['warning']);
  });

  it('does not count a stream whose response answers another request', () => {
    const elsewhere = probedOf('post', 200, { headers: { 'content-type': 'text/event-stream' }, rpc: { ...rpc, id: 99 } });
    expect(judgeConcurrentPosts([elsewhere, elsewhere])[0]).toMatchObject({
      verdict: 'fail',
      text: expect.stringContaining('None of the 2 event streams carried its response (a data: line'),
    });
  });
});
