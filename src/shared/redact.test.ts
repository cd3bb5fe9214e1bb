import { describe, expect, it } from 'vitest';
import {
  emptyUrlCredentials,
  fillUrlCredentials,
  isSecretHeader,
  maskSecret,
  redactBodyText,
  redactHeaders,
  redactJson,
  redactResponseHeaders,
  looksLikeCredential,
  redactUrl,
  redactUrlsIn,
} from './redact.ts';

describe('the redaction policy', () => {
  it('masks every request header but the protocol ones, whatever the name', () => {
    const masked = redactHeaders([
      ['X-Goog-Api-Key', 'AIza123'],
      ['Ocp-Apim-Subscription-Key', 'abc'],
      ['X-Functions-Key', 'def'],
      ['X-Made-Up', 'ghi'],
      ['Authorization', 'Bearer xyz'],
      ['Content-Type', 'application/json'],
      ['Mcp-Session-Id', 's-1'],
      ['Mcp-Param-Region', 'eu'],
    ]);
    expect(masked).toEqual([
      ['X-Goog-Api-Key', '•••• (7 chars)'],
      ['Ocp-Apim-Subscription-Key', '•••• (3 chars)'],
      ['X-Functions-Key', '•••• (3 chars)'],
      ['X-Made-Up', '•••• (3 chars)'],
      ['Authorization', 'Bearer •••• (10 chars)'],
      ['Content-Type', 'application/json'],
      ['Mcp-Session-Id', 's-1'],
      ['Mcp-Param-Region', 'eu'],
    ]);
    expect(isSecretHeader('Accept')).toBe(false);
    expect(isSecretHeader('Mcp-Param-Api-Key')).toBe(true);
  });

  it('masks response headers by name only, so CORS and protocol headers stay readable', () => {
    expect(
      redactResponseHeaders([
        ['Set-Cookie', 'a=b'],
        ['Access-Control-Allow-Headers', 'x-api-key'],
        ['X-Refresh-Token', 't'],
      ]),
    ).toEqual([
      ['Set-Cookie', '•••• (3 chars)'],
      ['Access-Control-Allow-Headers', 'x-api-key'],
      ['X-Refresh-Token', '•••• (1 chars)'],
    ]);
  });

  it('masks secrets in URLs and leaves the rest as typed', () => {
    expect(redactUrl('https://u:p@h.example/mcp?api_key=k1&key=k2&sig=s&code=c&region=eu%20west#top')).toBe(
      'https://h.example/mcp?api_key=••••&key=••••&sig=••••&code=••••&region=eu%20west#top',
    );
    expect(redactUrl('https://h.example/mcp')).toBe('https://h.example/mcp');
    expect(redactUrl('not a url')).toBe('not a url');
    expect(redactUrl('https://h.example/mcp?x_session=s1&jwt=j&author=me&region=eu', looksLikeCredential)).toBe(
      'https://h.example/mcp?x_session=••••&jwt=••••&author=••••&region=eu',
    );
    expect(redactUrl('https://h.example/mcp?x_session=s1&jwt=j')).toBe('https://h.example/mcp?x_session=s1&jwt=j');
    expect(redactUrlsIn('Could not reach http://h.example/mcp?token=t1 (refused)')).toBe(
      'Could not reach http://h.example/mcp?token=•••• (refused)',
    );
  });

  it('masks JSON fields and form parameters in bodies, and never twice', () => {
    expect(redactBodyText('{"params":{"apiKey":"k","password":"pw","progressToken":"p1","token_type":"Bearer"}}')).toBe(
      '{"params":{"apiKey":"•••• (1 chars)","password":"•••• (2 chars)","progressToken":"p1","token_type":"Bearer"}}',
    );
    expect(redactBodyText('grant_type=refresh_token&refresh_token=r123&client_id=c')).toBe(
      'grant_type=refresh_token&refresh_token=•••• (4 chars)&client_id=c',
    );
    expect(redactBodyText('{"access_token":"cut-off')).toBe('{"access_token":"•••• (7 chars)');
    // Names that only look like secrets are passed over without a walk; any other, even beside them, is not.
    const call = '{"method":"tools/call","params":{"_meta":{"progressToken":0},"arguments":{"maxTokens":9}}}';
    expect(redactBodyText(call)).toBe(call);
    expect(redactBodyText('{"_meta":{"progressToken":"p"},"arguments":{"myToken":"t1"}}')).toBe(
      '{"_meta":{"progressToken":"p"},"arguments":{"myToken":"•••• (2 chars)"}}',
    );
    expect(redactBodyText('{"a\\"progressToken":"s3"}')).toBe('{"a\\"progressToken":"•••• (2 chars)"}');
    expect(redactBodyText('{"note":"progressToken" ,"x":"y"}')).toBe('{"note":"progressToken" ,"x":"y"}');
    expect(maskSecret(maskSecret('Bearer abc'))).toBe('Bearer •••• (10 chars)');
    expect(redactJson({ nested: [{ 'x-functions-key': 'k' }], keep: 'v' })).toEqual({
      nested: [{ 'x-functions-key': '•••• (1 chars)' }],
      keep: 'v',
    });
  });
});

describe("a saved server's URL credentials, asked for again", () => {
  it('names the empty credential parameters, and fills only those it is given, encoded', () => {
    const saved = 'https://mcp.example/mcp?api_key=&region=eu&token=';
    expect(emptyUrlCredentials(saved)).toEqual(['api_key', 'token']);
    expect(fillUrlCredentials(saved, { api_key: 'a&b c' })).toBe('https://mcp.example/mcp?api_key=a%26b%20c&region=eu&token=');
  });
});
