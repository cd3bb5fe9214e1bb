// npm's own install checks ship no types; only what the platform test uses is declared.
declare module 'npm-install-checks' {
  export function checkPlatform(
    target: { os?: string[]; cpu?: string[]; libc?: string[] },
    force?: boolean,
    environment?: { os?: string; cpu?: string; libc?: string },
  ): void;
}
