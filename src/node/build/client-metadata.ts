/**
 * The Client ID Metadata Document (the spec's second registration option): a static file of the app whose
 * URL is the client id. Its `client_id` must equal the URL it is served from, so it can only be written
 * once the public https URL of the app is known: set MCP_LENS_PUBLIC_URL when building, e.g.
 * `MCP_LENS_PUBLIC_URL=https://lens.example.com/inspector/ npm run build`. Without it no document is
 * emitted and the app registers dynamically (or uses a pre-registered client).
 */
import type { Plugin } from 'vite';

const CLIENT_METADATA_FILE = 'client-metadata.json';

export function clientMetadataDocument(publicUrl: string): Record<string, unknown> {
  const base = new URL(publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`);
  if (base.protocol !== 'https:')
    throw new Error(`MCP_LENS_PUBLIC_URL must be an https URL (a client id is an https URL), not ${publicUrl}.`);
  return {
    client_id: new URL(CLIENT_METADATA_FILE, base).href,
    client_name: 'MCP Lens',
    client_uri: base.href,
    redirect_uris: [new URL('oauth-callback.html', base).href],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  };
}

export function clientMetadataPlugin(publicUrl: string | undefined): Plugin {
  return {
    name: 'mcp-lens-client-metadata',
    apply: 'build',
    generateBundle() {
      if (!publicUrl) return;
      this.emitFile({
        type: 'asset',
        fileName: CLIENT_METADATA_FILE,
        source: `${JSON.stringify(clientMetadataDocument(publicUrl), null, 2)}\n`,
      });
    },
  };
}
