import { SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { explainError } from './explain-error.ts';
import { explainHttpStatus, forbiddenCause, serverWords } from './http-status.ts';

/** An HTTP failure as the SDK raises it: the status and the body text on an SdkHttpError. */
const httpFailure = (status: number, text: string) =>
  new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, `Error POSTing to endpoint (HTTP ${status}): ${text}`, {
    status,
    statusText: 'Forbidden',
    text,
  });

describe('explaining a 403 from its body', () => {
  it('blames the Host check, not Origin, when the body names the host (@playwright/mcp on 127.0.0.1)', () => {
    const explained = explainError(httpFailure(403, 'Access is only allowed at localhost:8931'));
    expect(explained.message).toContain('Host header');
    expect(explained.message).toContain('localhost');
    expect(explained.message).toContain('--allowed-hosts');
    expect(explained.message).not.toMatch(/Origin/);
    expect(explained.detail).toContain('only allowed at localhost');
  });

  it('blames Origin only when the body does', () => {
    expect(explainHttpStatus(403, 'Forbidden', 'Forbidden: invalid Origin header')).toMatch(/Origin header that browsers send/);
    expect(forbiddenCause('Invalid Host header')).toBe('host');
    expect(forbiddenCause('CORS origin not allowed')).toBe('origin');
  });

  it('names both checks when the body says neither, and does not claim one of them', () => {
    const message = explainHttpStatus(403, undefined, '');
    expect(message).toContain('Host header');
    expect(message).toContain('Origin header');
    expect(message).toContain('HTTP 403');
  });
});

describe('the server’s own words', () => {
  it('are quoted from a plain-text or JSON-RPC error body, never from a page', () => {
    expect(explainHttpStatus(404, 'Not Found', 'Not found. The MCP endpoint is /mcp.')).toBe(
      'Nothing answers MCP at this URL (HTTP 404 Not Found). The server says: “Not found. The MCP endpoint is /mcp.” Check the path; servers often use /mcp (or /sse for the legacy transport).',
    );
    expect(
      explainHttpStatus(
        404,
        undefined,
        '{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Not found. The MCP endpoint is /mcp."}}',
      ),
    ).toContain('The server says: “Not found. The MCP endpoint is /mcp.”');
    expect(explainHttpStatus(404, undefined, '<html><title>404</title></html>')).not.toContain('The server says');
    expect(serverWords(`${'x'.repeat(300)}`)).toHaveLength(201);
  });

  it('a 404 that carries JSON-RPC "Method not found" names the method, not the path', () => {
    const message = explainHttpStatus(404, 'Not Found', '{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found"}}');
    expect(message).toBe(
      "The server does not know this method (HTTP 404 Not Found, JSON-RPC error -32601). The server says: “Method not found”. The URL is an MCP endpoint: check the method's name, and whether this server's protocol version has it.",
    );
    expect(message).not.toContain('Nothing answers MCP');
  });

  it('words without a full stop get one after the quote, so the advice reads as a sentence of its own', () => {
    expect(explainHttpStatus(500, undefined, 'boom')).toBe(
      'The server failed while handling the request (HTTP 500). The server says: “boom”. Its logs should say why.',
    );
    expect(explainHttpStatus(500, undefined, 'Boom!')).toContain('“Boom!” Its logs');
  });

  it('a 405 says to try the other transport only while it was not tried', () => {
    expect(explainHttpStatus(405, 'Method Not Allowed', 'Method not allowed')).toBe(
      'The server does not accept this request method at this URL (HTTP 405 Method Not Allowed). The server says: “Method not allowed”. Check the URL, or try the other transport.',
    );
    const both = explainHttpStatus(405, 'Method Not Allowed', 'Method not allowed', { bothTransportsTried: true });
    expect(both).not.toContain('try the other transport');
    expect(both).toContain('The legacy HTTP+SSE transport, tried next with a GET, did not work there either');
  });

  it('a 2xx is an answer of the wrong kind, not a rejection', () => {
    expect(explainHttpStatus(200, undefined)).toMatch(/^The server answered HTTP 200, but not with what MCP expects here/);
    expect(explainHttpStatus(200, undefined)).not.toMatch(/rejected/);
  });
});
