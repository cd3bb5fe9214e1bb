import { describe, expect, it } from 'vitest';
import type { EngineError } from '../../shared/errors.ts';
import { serverRefused } from './verdict.ts';

const error = (fields: Partial<EngineError>): EngineError => ({ code: 'http', message: 'x', ...fields });

describe('serverRefused', () => {
  it('counts every way a server says "invalid arguments" as an answer', () => {
    expect(serverRefused(error({ code: 'protocol', rpcCode: -32602 }))).toBe(true);
    expect(serverRefused(error({ httpStatus: 400 }))).toBe(true);
    expect(serverRefused(error({ httpStatus: 422, rpcCode: -32602 }))).toBe(true);
  });

  it('counts transport faults, 5xx, timeouts and authorization failures as failures', () => {
    expect(serverRefused(error({ httpStatus: 500 }))).toBe(false);
    // A 5xx whose body is a JSON-RPC error keeps that code, and is still a failure.
    expect(serverRefused(error({ httpStatus: 500, rpcCode: -32603 }))).toBe(false);
    expect(serverRefused(error({ code: 'timeout' }))).toBe(false);
    expect(serverRefused(error({ code: 'unauthorized', httpStatus: 401 }))).toBe(false);
    expect(serverRefused(error({ code: 'bad-response' }))).toBe(false);
    expect(serverRefused(new Error('boom'))).toBe(false);
  });
});
