import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { shellWord } from '../../shared/shell.ts';
import { curlCommand, requestJson } from './copy-request.ts';

const call = {
  jsonrpc: '2.0',
  id: 7,
  method: 'tools/call',
  params: { name: 'echo', arguments: { message: "it's", token: 'sk-planted-secret' } },
};

/** What a POSIX shell makes of the command: its argv, printed one per line by a stand-in for curl. */
function argvOf(command: string): string[] {
  const script = `curl() { for arg in "$@"; do printf '%s\\0' "$arg"; done; }\n${command}`;
  return execFileSync('sh', ['-c', script], { encoding: 'utf8' }).split('\0').slice(0, -1);
}

describe('copy a request', () => {
  it('sends the headers the browser sent, secrets masked, and drops what curl sets itself', () => {
    const command = curlCommand({
      message: call,
      url: 'https://example.test/mcp',
      sentHeaders: [
        ['content-type', 'application/json'],
        ['accept', 'application/json, text/event-stream'],
        ['mcp-session-id', 'abc'],
        ['mcp-protocol-version', '2025-11-25'],
        ['authorization', 'Bearer sk-planted-secret'],
        ['content-length', '99'],
      ],
    });
    const argv = argvOf(command);
    expect(argv.slice(0, 5)).toEqual(['-sS', '-N', '-X', 'POST', 'https://example.test/mcp']);
    expect(argv).toContain('mcp-session-id: abc');
    expect(argv).toContain('mcp-protocol-version: 2025-11-25');
    expect(argv).toContain('authorization: Bearer •••• (24 chars)');
    expect(argv.join('\n')).not.toContain('content-length');
    expect(command).not.toContain('sk-planted-secret');
    const body = JSON.parse(argv.at(-1)!) as typeof call;
    expect(body.params.arguments.message).toBe("it's");
    expect(body.params.arguments.token).toMatch(/^•••• \(\d+ chars\)$/);
  });

  it('rebuilds the 2026-07-28 headers when the exchange is gone', () => {
    const argv = argvOf(curlCommand({ message: call, url: 'https://example.test/mcp', modern: true, protocolVersion: '2026-07-28' }));
    expect(argv).toEqual(
      expect.arrayContaining([
        'Content-Type: application/json',
        'Accept: application/json, text/event-stream',
        'MCP-Protocol-Version: 2026-07-28',
        'Mcp-Method: tools/call',
        'Mcp-Name: echo',
      ]),
    );
  });

  it('leaves out the era headers for an older server', () => {
    const argv = argvOf(curlCommand({ message: call, url: 'https://example.test/mcp', sessionId: 's1' }));
    expect(argv).toContain('Mcp-Session-Id: s1');
    expect(argv.some((arg) => arg.startsWith('Mcp-Method'))).toBe(false);
  });

  it('copies JSON with secret fields masked', () => {
    const json = requestJson(call);
    expect(json).toContain('"name": "echo"');
    expect(json).not.toContain('sk-planted-secret');
  });

  it('quotes anything a shell would expand', () => {
    expect(argvOf(`curl ${shellWord("$(rm -rf /) `x` 'q'")}`)).toEqual(["$(rm -rf /) `x` 'q'"]);
  });
});
