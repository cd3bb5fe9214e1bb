/**
 * The fast lane stays fast: a test in the `unit` project (vitest.config.ts) starts no server and no engine.
 * One that does belongs in ENGINE_TESTS, so `npm run test:fast` keeps answering in seconds.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENGINE_TESTS } from '../../vitest.config.ts';
import { repoFiles, ROOT } from './support/tree.ts';

/** What an engine test does: start a server, the real engine (on a harness or a channel), or open sockets. */
const ENGINE_USE = /\b(?:start\w*Server|startMcp|createHarness|engineOverChannel|createEngine)\(|from 'node:(?:http|net)'/;

const globToRegExp = (glob: string) =>
  new RegExp(
    `^${glob
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*\*\//g, '(?:.*/)?')
      .replace(/\*/g, '[^/]*')}$`,
  );

describe('test lanes', () => {
  it('no unit test starts a server or an engine', () => {
    const engine = ENGINE_TESTS.map(globToRegExp);
    const units = repoFiles(join(ROOT, 'src')).filter((f) => /\.test\.tsx?$/.test(f) && !engine.some((re) => re.test(f)));
    const offenders = units.filter((f) => ENGINE_USE.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(offenders, 'move these to ENGINE_TESTS in vitest.config.ts').toEqual([]);
    expect(units.length).toBeGreaterThan(50);
  });
});
