import { describe, expect, it } from 'vitest';
import {
  ProtocolError,
  ProtocolErrorCode,
  SdkError,
  SdkErrorCode,
  SdkHttpError,
  SseError,
  UrlElicitationRequiredError,
} from '@modelcontextprotocol/client';
import { REFUSED_BY_US } from '../../shared/errors.ts';
import { explainError, explainNetworkFailure, isOpaqueNetworkFailure } from './explain-error.ts';
import { StreamFault } from '../guards/stream-guard.ts';

describe('explainError', () => {
  it('explains HTTP statuses with a body excerpt', () => {
    const error = new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, 'Error POSTing to endpoint: boom', {
      status: 503,
      statusText: 'Service Unavailable',
      text: 'upstream down',
    });
    expect(explainError(error)).toMatchObject({
      code: 'http',
      httpStatus: 503,
      detail: 'upstream down',
      message: expect.stringContaining('HTTP 503'),
    });
  });
  it('keeps the JSON-RPC code of an error body that came with an HTTP status, and names the method a 404 refused', () => {
    const error = new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, 'Error POSTing to endpoint', {
      status: 404,
      statusText: 'Not Found',
      text: '{"jsonrpc":"2.0","id":3,"error":{"code":-32601,"message":"Method not found"}}',
    });
    const explained = explainError(error);
    expect(explained).toMatchObject({ code: 'http', httpStatus: 404, rpcCode: -32601 });
    expect(explained.message).toMatch(/^The server does not know this method \(HTTP 404 Not Found, JSON-RPC error -32601\)/);
  });
  it('says a method the negotiated revision does not have was not sent, instead of an unexpected failure', () => {
    const error = new SdkError(
      SdkErrorCode.MethodNotSupportedByProtocolVersion,
      "Method 'ping' is not supported by the negotiated protocol version (wire era 2026-07-28)",
      { method: 'ping', era: '2026-07-28' },
    );
    expect(explainError(error)).toMatchObject({
      code: 'protocol',
      message:
        'ping is not part of MCP 2026-07-28, the revision this connection speaks, so MCP Lens did not send it; a 2025 connection has it.',
    });
  });
  it('tells a 401 apart', () => {
    const error = new SdkHttpError(SdkErrorCode.ClientHttpAuthentication, 'Server returned 401 after re-authentication', { status: 401 });
    expect(explainError(error)).toMatchObject({ code: 'unauthorized', detail: 'Server returned 401 after re-authentication' });
  });
  it("reads the legacy SSE transport's HTTP status", () => {
    expect(explainError(new SseError(404, 'Non-200 status code (404)', {} as never))).toMatchObject({ code: 'http', httpStatus: 404 });
  });
  it('names each network cause Node reports, with its fix', () => {
    const node = (code: string, message = code) => Object.assign(new TypeError('fetch failed'), { cause: { code, message } });
    expect(explainError(node('ENOTFOUND'), 'http://nowhere.example:3001/mcp').message).toMatch(
      /^The host name nowhere\.example could not be resolved \(DNS\)/,
    );
    expect(explainError(node('ERR_SSL_WRONG_VERSION_NUMBER'), 'https://127.0.0.1:3001/mcp')).toMatchObject({
      message: expect.stringContaining('this port does not speak TLS'),
      suggestedUrl: 'http://127.0.0.1:3001/mcp',
    });
    expect(explainError(node('CERT_HAS_EXPIRED'), 'https://x.example/mcp').message).toMatch(
      /certificate was not accepted \(CERT_HAS_EXPIRED\)/,
    );
    expect(explainError(node('ETIMEDOUT'), 'https://x.example/mcp').message).toMatch(/timed out/);
  });

  it('explains a refused connection seen by Node', () => {
    const error = Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' } });
    expect(explainError(error)).toMatchObject({ code: 'unreachable', message: expect.stringContaining('refused') });
  });
  it('explains an unsupported protocol version, chosen by the server or refused by it', () => {
    expect(explainError(new Error("Server's protocol version is not supported: 1999-01-01")).code).toBe('unsupported-version');
    const refused = ProtocolError.fromError(ProtocolErrorCode.UnsupportedProtocolVersion, 'Unsupported protocol version', {
      supported: ['2030-01-01'],
      requested: '2026-07-28',
    });
    expect(explainError(refused)).toMatchObject({
      code: 'unsupported-version',
      rpcCode: -32022,
      message: expect.stringContaining('the server lists: 2030-01-01;'),
    });
  });
  it('explains a failed era probe by what failed, not by the SDK wrapper', () => {
    const wrap = (cause: unknown) =>
      new SdkError(SdkErrorCode.EraNegotiationFailed, `Version negotiation probe failed: ${String(cause)}`, { cause }, { cause });
    const refused = Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' } });
    expect(explainError(wrap(refused))).toMatchObject({ code: 'unreachable' });
    const ours = { code: 'invalid-url', message: 'The authorization endpoint is a javascript: URL; refused.' };
    expect(explainError(wrap(ours))).toEqual(ours);
    // A browser's (or a worker's) CORS refusal: the opaque TypeError the CORS doctor is for.
    expect(isOpaqueNetworkFailure(wrap(new TypeError('Failed to fetch')))).toBe(true);
    expect(isOpaqueNetworkFailure(wrap(refused))).toBe(false);
    expect(isOpaqueNetworkFailure(wrap(ours))).toBe(false);
    // Without a cause, the era itself could not be agreed.
    const pinned = new SdkError(
      SdkErrorCode.EraNegotiationFailed,
      'Version negotiation failed: the server did not offer pinned protocol version 2026-07-28 via server/discover (no fallback in pin mode)',
    );
    expect(explainError(pinned)).toMatchObject({
      code: 'unsupported-version',
      message: expect.stringMatching(/^The protocol era could not be agreed: the server did not offer/),
    });
  });
  it('explains the SDK failures a person can act on by their code', () => {
    expect(explainError(new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out'))).toMatchObject({ code: 'timeout' });
    expect(explainError(new SdkError(SdkErrorCode.ConnectionClosed, 'Connection closed'))).toMatchObject({ code: 'not-connected' });
    expect(
      explainError(
        new SdkError(SdkErrorCode.ClientHttpUnexpectedContent, 'Unexpected content type: text/html', { contentType: 'text/html' }),
      ),
    ).toMatchObject({
      code: 'bad-response',
      message: expect.stringMatching(/^This URL serves a web page \(text\/html\), not MCP\. Check the path/),
    });
    expect(
      explainError(
        new SdkError(SdkErrorCode.ClientHttpUnexpectedContent, 'Unexpected content type: text/plain', { contentType: 'text/plain' }),
      ),
    ).toMatchObject({ code: 'bad-response', message: expect.stringContaining('answered with text/plain') });
    expect(
      explainError(
        new SdkError(SdkErrorCode.UnsupportedResultType, 'Unsupported result type', { resultType: 'task', method: 'tools/call' }),
      ),
    ).toMatchObject({
      code: 'bad-response',
      message: expect.stringMatching(/answered tools\/call with a task, but the tasks extension/),
    });
    expect(
      explainError(new SdkError(SdkErrorCode.CapabilityNotSupported, 'Server does not support prompts (required for prompts/list)')),
    ).toMatchObject({
      code: 'protocol',
      message: expect.stringContaining('did not declare this in its capabilities'),
    });
  });
  it('keeps JSON-RPC error codes, and says when the refusal was ours', () => {
    expect(explainError(new ProtocolError(-32602, 'Unknown tool'))).toMatchObject({ code: 'protocol', rpcCode: -32602 });
    expect(explainError(new ProtocolError(-32602, 'The form is invalid.', REFUSED_BY_US))).toMatchObject({
      message: expect.stringMatching(/^MCP Lens refused the server's request for input/),
    });
  });
  it('passes the faults the engine raised itself straight through', () => {
    const fault = { code: 'bad-response', message: 'The server ended the response stream.', lostInTransit: true } as const;
    expect(explainError(new ProtocolError(-32000, fault.message, { mcpLensFault: fault }))).toEqual(fault);
    expect(explainError(new StreamFault(fault))).toEqual(fault);
  });
  it('lists the steps a -32042 asks for, and says when there are none', () => {
    const elicitations = [{ mode: 'url' as const, elicitationId: 'e1', url: 'https://x.example/consent', message: 'Consent' }];
    expect(explainError(new UrlElicitationRequiredError(elicitations))).toMatchObject({
      rpcCode: -32042,
      urlElicitations: [{ elicitationId: 'e1', url: 'https://x.example/consent', message: 'Consent' }],
    });
    expect(explainError(new ProtocolError(-32042, 'URL elicitation required'))).toMatchObject({
      message: expect.stringContaining('sent no usable elicitations'),
    });
  });
});

describe('explainNetworkFailure', () => {
  it('calls it CORS when a no-cors probe reaches the server', async () => {
    const explained = await explainNetworkFailure(
      new TypeError('Failed to fetch'),
      'https://x.example/mcp',
      async () => new Response(null),
    );
    expect(explained.code).toBe('cors');
    expect(explained.corsRequirements?.join(' ')).toContain('Mcp-Session-Id');
    expect(explained.corsRequirements?.join(' ')).toContain('Mcp-Method, Mcp-Name');
  });
  it('offers http:// when https:// fails but the same address answers plain http', async () => {
    const explained = await explainNetworkFailure(new TypeError('Failed to fetch'), 'https://127.0.0.1:3001/mcp', async (url) => {
      if (url.startsWith('https:')) throw new TypeError('Failed to fetch');
      return new Response(null);
    });
    expect(explained).toMatchObject({ code: 'unreachable', suggestedUrl: 'http://127.0.0.1:3001/mcp' });
  });

  it('calls it unreachable when the probe fails too', async () => {
    const explained = await explainNetworkFailure(new TypeError('Failed to fetch'), 'https://x.example/mcp', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(explained.code).toBe('unreachable');
  });
});
