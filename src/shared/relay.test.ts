import { describe, expect, it } from 'vitest';

import { isSecretHeader } from './redact.ts';
import {
  auditInvocation,
  cliInvocation,
  isRelayAddress,
  readRelayFragment,
  readRelayRuns,
  relayLink,
  RELAY_TOKEN_HEADER,
  lensContextTag,
  powershellWord,
  readLensContext,
  readRelayVersion,
  relayAdvice,
  relayCommand,
  relayedResourceMetadata,
  relayFragment,
  usesRelay,
} from './relay.ts';

const TOKEN = 'Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF';

describe('the relay token', () => {
  it('is a secret header by its name, so every capture masks it', () => {
    expect(isSecretHeader(RELAY_TOKEN_HEADER)).toBe(true);
    expect(isSecretHeader(RELAY_TOKEN_HEADER.toLowerCase())).toBe(true);
  });

  it('round-trips through the link fragment, and nothing else is taken from one', () => {
    expect(readRelayFragment(relayFragment(TOKEN))).toBe(TOKEN);
    expect(readRelayFragment(`#other=1&relay-token=${TOKEN}`)).toBe(TOKEN);
    expect(readRelayFragment('#relay-token=short')).toBeNull();
    expect(readRelayFragment(`#relay-token=${TOKEN}%3Cscript%3E`)).toBeNull();
    expect(readRelayFragment('')).toBeNull();
  });

  it('carries what the relay runs beside the token, bounded and on one line', () => {
    const link = relayLink(new URL('https://lens.example/tools/?x=1#y'), 'http://127.0.0.1:4123/mcp', TOKEN, "node 'my server.js'");
    expect(link).toBe(
      `https://lens.example/tools/?url=http%3A%2F%2F127.0.0.1%3A4123%2Fmcp&connect=1#relay-token=${TOKEN}&relay-runs=node+%27my+server.js%27`,
    );
    const hash = new URL(link).hash;
    expect(readRelayFragment(hash)).toBe(TOKEN);
    expect(readRelayRuns(hash)).toBe("node 'my server.js'");
    expect(readRelayRuns(relayFragment(TOKEN))).toBeNull();
    expect(readRelayRuns(relayFragment(TOKEN, 'x'.repeat(1000)))).toHaveLength(300);
    expect(readRelayRuns(`#relay-runs=${encodeURIComponent('a\u001b[2Jb\u2028c')}`)).toBe('a [2Jb c');
  });

  it('marks a connection as relayed only when the header has a value', () => {
    expect(usesRelay([{ name: ' lens-relay-token ', value: TOKEN }])).toBe(true);
    expect(usesRelay([{ name: RELAY_TOKEN_HEADER, value: ' ' }])).toBe(false);
    expect(usesRelay([{ name: 'Authorization', value: 'Bearer x' }])).toBe(false);
  });
});

describe('relayAdvice: the relay command for where the app came from', () => {
  const app = 'http://127.0.0.1:5173/inspector/';
  const server = 'https://server.example/mcp';

  it('is npm run relay in a clone, npx mcp-lens relay from the package, with -- quoted for PowerShell', () => {
    expect(relayCommand('clone', app, server)).toEqual({
      command: `npm run relay -- --lens ${app} ${server}`,
      powershell: `npm run relay '--' --lens ${app} ${server}`,
    });
    expect(relayCommand('package', app, server)).toEqual({
      command: `npx mcp-lens relay --lens ${app} ${server}`,
      powershell: `npx mcp-lens relay --lens ${app} ${server}`,
    });
    expect(relayAdvice('package', app, ['--', 'node', 'build/index.js']).powershell).toBe(
      `npx mcp-lens relay --lens ${app} '--' node build/index.js`,
    );
  });

  it('downloads the single file from beside the app on a hosted copy, in POSIX shells and PowerShell, with its check', () => {
    const hosted = relayCommand('hosted', 'https://lens.example/tools/', server);
    expect(hosted.command).toBe(
      `curl -fsSLO https://lens.example/tools/mcp-lens-relay.mjs && node mcp-lens-relay.mjs --lens https://lens.example/tools/ ${server}`,
    );
    expect(hosted.powershell).toBe(
      `Invoke-WebRequest https://lens.example/tools/mcp-lens-relay.mjs -OutFile mcp-lens-relay.mjs; node mcp-lens-relay.mjs --lens https://lens.example/tools/ ${server}`,
    );
    expect(hosted.check).toEqual({
      posix: 'curl -fsSL https://lens.example/tools/mcp-lens-relay.mjs.sha256 | sha256sum -c',
      powershell:
        '(Get-FileHash mcp-lens-relay.mjs).Hash -eq (-split (Invoke-RestMethod https://lens.example/tools/mcp-lens-relay.mjs.sha256))[0]',
    });
  });

  it('runs a stdio server after -- in each context, the -- quoted for PowerShell', () => {
    const stdio = ['--', 'npx', '-y', '@modelcontextprotocol/server-memory'];
    expect(relayAdvice('clone', app, stdio).command).toBe(`npm run relay -- --lens ${app} -- npx -y @modelcontextprotocol/server-memory`);
    expect(relayAdvice('hosted', 'https://lens.example/', stdio).powershell).toBe(
      "Invoke-WebRequest https://lens.example/mcp-lens-relay.mjs -OutFile mcp-lens-relay.mjs; node mcp-lens-relay.mjs --lens https://lens.example/ '--' npx -y @modelcontextprotocol/server-memory",
    );
  });

  it('quotes a URL each shell would otherwise split, expand or run', () => {
    const hostile = "https://s.example/mcp?a=1&b=$(rm -rf ~)'";
    expect(relayCommand('package', 'http://localhost:5173/', hostile).command).toBe(
      `npx mcp-lens relay --lens http://localhost:5173/ 'https://s.example/mcp?a=1&b=$(rm -rf ~)'\\'''`,
    );
    expect(relayCommand('hosted', 'https://lens.example/', hostile).powershell).toMatch(
      / 'https:\/\/s\.example\/mcp\?a=1&b=\$\(rm -rf ~\)'''$/,
    );
    expect(powershellWord('it’s')).toBe("'it’’s'");
  });

  it('names the CLI and the audit as a clone runs them, and as the package does', () => {
    expect([cliInvocation('clone'), auditInvocation('clone')]).toEqual([
      ['npm', 'run', 'cli', '--'],
      ['npm', 'run', 'cli', '--', 'audit'],
    ]);
    // A hosted copy carries no CLI: a clone's is the one that exists.
    expect(cliInvocation('hosted')).toEqual(cliInvocation('clone'));
    expect([cliInvocation('package'), auditInvocation('package')]).toEqual([
      ['npx', 'mcp-lens', 'cli'],
      ['npx', 'mcp-lens', 'audit'],
    ]);
  });

  it("takes the context from the page's meta tag, and any other value or none as hosted", () => {
    expect(readLensContext('clone')).toBe('clone');
    expect(readLensContext('package')).toBe('package');
    for (const other of [null, undefined, '', 'hosted', 'CLONE', 'clone ']) expect(readLensContext(other)).toBe('hosted');
    expect(lensContextTag('package')).toBe('<meta name="mcp-lens-context" content="package">');
  });
});

describe('the relay version', () => {
  it('is read from its header only in the shape of a version', () => {
    expect(readRelayVersion(' 0.1.0 ')).toBe('0.1.0');
    expect(readRelayVersion('1.2.3-beta.1+build')).toBe('1.2.3-beta.1+build');
    for (const bad of [null, undefined, '', '0.1.0 <script>', 'x'.repeat(41)]) expect(readRelayVersion(bad)).toBeUndefined();
  });
});

describe('isRelayAddress', () => {
  it('is plain http on a loopback name, at /mcp, with no query', () => {
    for (const url of ['http://127.0.0.1:41234/mcp', 'http://localhost:5000/mcp', 'http://[::1]:1/mcp'])
      expect(isRelayAddress(new URL(url)), url).toBe(true);
    for (const url of [
      'https://127.0.0.1:41234/mcp',
      'http://127.0.0.2:41234/mcp',
      'http://localhost.evil.example/mcp',
      'http://127.0.0.1:41234/',
      'http://127.0.0.1:41234/mcp/x',
      'http://127.0.0.1:41234/mcp?x=1',
    ])
      expect(isRelayAddress(new URL(url)), url).toBe(false);
  });
});

describe('relayedResourceMetadata', () => {
  it('maps the relay’s two metadata paths to the fronted server’s path-aware and root documents', () => {
    expect(relayedResourceMetadata(new URL('https://server.example/tenant/mcp'))).toEqual([
      {
        upstream: 'https://server.example/.well-known/oauth-protected-resource/tenant/mcp',
        relayPath: '/.well-known/oauth-protected-resource/mcp',
      },
      { upstream: 'https://server.example/.well-known/oauth-protected-resource', relayPath: '/.well-known/oauth-protected-resource' },
    ]);
  });

  it('maps both to the root document for a server at the root, as RFC 9728 builds it', () => {
    const [pathAware, root] = relayedResourceMetadata(new URL('https://server.example/'));
    expect(pathAware?.upstream).toBe('https://server.example/.well-known/oauth-protected-resource');
    expect(root?.upstream).toBe('https://server.example/.well-known/oauth-protected-resource');
  });
});
