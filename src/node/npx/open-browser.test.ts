import { EventEmitter } from 'node:events';
import type { ChildProcess } from 'node:child_process';

import { describe, expect, it } from 'vitest';

import { browserOpener, openBrowser, type Spawn } from './open-browser.ts';

const URL = 'http://127.0.0.1:5173/';

/** A spawn that starts nothing: it records the call and ends the way the test says. */
function fakeSpawn(end: (child: EventEmitter) => void) {
  const calls: Array<{ command: string; args: readonly string[]; detached: boolean | undefined; verbatim: boolean | undefined }> = [];
  const spawn: Spawn = (command, args, options) => {
    calls.push({ command, args, detached: options.detached, verbatim: options.windowsVerbatimArguments });
    const child = Object.assign(new EventEmitter(), { unref: () => undefined });
    queueMicrotask(() => end(child));
    return child as unknown as ChildProcess;
  };
  return { spawn, calls };
}

describe('opening the browser', () => {
  it("uses each platform's own opener", () => {
    expect(browserOpener('darwin', URL)).toEqual({ command: 'open', args: [URL], verbatim: false });
    expect(browserOpener('linux', URL)).toEqual({ command: 'xdg-open', args: [URL], verbatim: false });
    expect(browserOpener('freebsd', URL)).toEqual({ command: 'xdg-open', args: [URL], verbatim: false });
    expect(browserOpener('win32', URL)).toEqual({ command: 'cmd', args: ['/d', '/c', 'start', '""', '/b', URL], verbatim: true });
  });

  it("keeps cmd from reading a URL's & as its own syntax", () => {
    expect(browserOpener('win32', 'http://127.0.0.1:5173/?a=1&b=(2)').args.at(-1)).toBe('http://127.0.0.1:5173/?a=1^&b=^(2^)');
  });

  it('starts the opener detached and says it worked when it exits with 0', async () => {
    const { spawn, calls } = fakeSpawn((child) => child.emit('exit', 0));
    await expect(openBrowser(URL, 'linux', spawn)).resolves.toBe(true);
    expect(calls).toEqual([{ command: 'xdg-open', args: [URL], detached: true, verbatim: false }]);
  });

  it('says it did not when the opener is missing, fails or cannot be started', async () => {
    const missing = fakeSpawn((child) => child.emit('error', Object.assign(new Error('spawn xdg-open ENOENT'), { code: 'ENOENT' })));
    await expect(openBrowser(URL, 'linux', missing.spawn)).resolves.toBe(false);
    const failed = fakeSpawn((child) => child.emit('exit', 3));
    await expect(openBrowser(URL, 'linux', failed.spawn)).resolves.toBe(false);
    const throwing: Spawn = () => {
      throw new Error('EPERM');
    };
    await expect(openBrowser(URL, 'darwin', throwing)).resolves.toBe(false);
  });
});
