import { hashKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { EngineClient } from '../bridge/index.ts';
import { completionQueryOptions } from './prompts.ts';

const client = {} as EngineClient;
const keyFor = (contextArguments: Record<string, string>) =>
  hashKey(
    completionQueryOptions(client, 1, {
      ref: { type: 'ref/prompt', name: 'p' },
      argument: { name: 'topic', value: 'x' },
      contextArguments,
    }).queryKey,
  );

describe('completion query keys', () => {
  it('tell apart contexts whose argument names are Object.prototype members', () => {
    const proto = (value: string) => Object.fromEntries([['__proto__', value]]) as Record<string, string>;
    expect(keyFor(proto('a'))).not.toBe(keyFor(proto('b')));
    expect(keyFor(proto('a'))).not.toBe(keyFor({}));
    expect(keyFor({ toString: 'a' })).not.toBe(keyFor({ toString: 'b' }));
  });

  it('do not depend on the order the arguments were typed in', () => {
    expect(keyFor({ a: '1', b: '2' })).toBe(keyFor({ b: '2', a: '1' }));
  });
});
