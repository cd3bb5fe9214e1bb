import type { ChildProcess, SpawnOptions } from 'node:child_process';

/** The program that opens a URL in the person's default browser, and how to start it. */
export interface Opener {
  command: string;
  args: string[];
  /** Windows only: pass the arguments to cmd as written, so Node's quoting does not add quotes cmd reads differently. */
  verbatim: boolean;
}

/** The part of `child_process.spawn` the opener needs, so tests can watch it instead of opening a browser. */
export type Spawn = (command: string, args: readonly string[], options: SpawnOptions) => ChildProcess;

/** The platform's own opener: `open` on macOS, `start` (built into cmd) on Windows, `xdg-open` elsewhere. */
export function browserOpener(platform: NodeJS.Platform, url: string): Opener {
  if (platform === 'darwin') return { command: 'open', args: [url], verbatim: false };
  if (platform === 'win32') {
    // start's first quoted argument is a window title, hence the empty one. cmd reads & | < > ^ ( ) in an
    // unquoted word as its own syntax; ^ makes each one literal. The URL is the app's own address anyway.
    const escaped = url.replace(/[&|<>^()]/g, '^$&');
    return { command: 'cmd', args: ['/d', '/c', 'start', '""', '/b', escaped], verbatim: true };
  }
  return { command: 'xdg-open', args: [url], verbatim: false };
}

/**
 * Opens `url` in the default browser. Resolves false when that could not be done (no opener installed, or
 * it failed), so the caller can say to open the printed address by hand; it never throws.
 */
export function openBrowser(url: string, platform: NodeJS.Platform, spawn: Spawn): Promise<boolean> {
  const opener = browserOpener(platform, url);
  return new Promise((resolve) => {
    let child: ChildProcess;
    try {
      child = spawn(opener.command, opener.args, {
        stdio: 'ignore',
        // The browser may outlive this process (and the opener may wait for it): neither holds the other.
        detached: true,
        windowsHide: true,
        windowsVerbatimArguments: opener.verbatim,
      });
    } catch {
      return resolve(false);
    }
    child.once('error', () => resolve(false));
    child.once('exit', (code) => resolve(code === 0));
    child.unref();
  });
}
