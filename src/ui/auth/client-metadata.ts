/**
 * Whether this deployment serves its own Client ID Metadata Document (see src/node/build/client-metadata.ts):
 * only then, and only on https, may the app offer its URL as client id. The document must name exactly the
 * URL it was fetched from, or an authorization server would reject it.
 */
export async function findClientMetadataUrl(baseUri: string, fetchImpl: typeof fetch = fetch): Promise<string | undefined> {
  const url = new URL('client-metadata.json', baseUri);
  if (url.protocol !== 'https:') return undefined;
  try {
    const response = await fetchImpl(url.href, { credentials: 'omit', cache: 'no-store' });
    if (!response.ok) return undefined;
    const document = (await response.json()) as { client_id?: unknown };
    return document.client_id === url.href ? url.href : undefined;
  } catch {
    return undefined;
  }
}
