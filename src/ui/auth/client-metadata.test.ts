import { describe, expect, it } from 'vitest';
import { clientMetadataDocument } from '../../node/build/client-metadata.ts';
import { findClientMetadataUrl } from './client-metadata.ts';

const serve = (body: unknown, status = 200) => (async () => new Response(JSON.stringify(body), { status })) as typeof fetch;

describe('Client ID Metadata Document', () => {
  it('is written for the public https URL, naming itself and the callback page', () => {
    expect(clientMetadataDocument('https://lens.example/inspector')).toMatchObject({
      client_id: 'https://lens.example/inspector/client-metadata.json',
      redirect_uris: ['https://lens.example/inspector/oauth-callback.html'],
      token_endpoint_auth_method: 'none',
    });
    expect(() => clientMetadataDocument('http://lens.example/')).toThrow(/https/);
  });

  it('is offered only on https and only when the served document names its own URL', async () => {
    const doc = clientMetadataDocument('https://lens.example/inspector/');
    await expect(findClientMetadataUrl('https://lens.example/inspector/', serve(doc))).resolves.toBe(
      'https://lens.example/inspector/client-metadata.json',
    );
    await expect(findClientMetadataUrl('https://other.example/', serve(doc))).resolves.toBeUndefined();
    await expect(findClientMetadataUrl('http://127.0.0.1:1/', serve(doc))).resolves.toBeUndefined();
    await expect(findClientMetadataUrl('https://lens.example/inspector/', serve({}, 404))).resolves.toBeUndefined();
  });
});
