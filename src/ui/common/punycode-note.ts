/**
 * URLs are shown as the URL parser canonicalises them, so an internationalised host appears in its
 * punycode form (`xn--…`) rather than as look-alike letters (`pаypal` with a Cyrillic а). This adds a
 * plain warning beside such a host, since the punycode alone means nothing to most people.
 */
export function punycodeNote(href: string): string | undefined {
  let host: string;
  try {
    host = new URL(href).hostname;
  } catch {
    return undefined;
  }
  if (!host.split('.').some((label) => label.startsWith('xn--'))) return undefined;
  return `${host} is an internationalised (punycode) domain name: make sure it is the site you expect, not a look-alike.`;
}
