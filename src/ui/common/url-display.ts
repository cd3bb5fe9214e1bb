/**
 * How a server-provided URL is shown before anyone opens it: split so the host can be highlighted, with
 * warnings for hosts that may not be what they look like (punycode look-alikes, raw IP addresses) and
 * the navigation verdict of `checkNavigableUrl`.
 */
import { checkNavigableUrl, type UrlCheck } from '../../shared/url.ts';

export interface UrlView {
  /** False when the text is not a URL at all; then only `text` is meaningful. */
  parsed: boolean;
  text: string;
  /** `https://` */
  before: string;
  host: string;
  /** Path, query and fragment. */
  after: string;
  /** The host with punycode labels decoded, when it has any: what a browser may display. */
  unicodeHost?: string;
  warnings: string[];
  navigable: UrlCheck;
}

export function describeUrl(input: string): UrlView {
  const navigable = checkNavigableUrl(input);
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return { parsed: false, text: input, before: '', host: '', after: '', warnings: ['This is not a valid URL.'], navigable };
  }
  const host = url.host;
  const warnings: string[] = [];
  const labels = url.hostname.split('.');
  let unicodeHost: string | undefined;
  if (labels.some((label) => label.toLowerCase().startsWith('xn--'))) {
    unicodeHost = labels
      .map((label) => (label.toLowerCase().startsWith('xn--') ? (decodePunycode(label.slice(4)) ?? label) : label))
      .join('.');
    warnings.push(
      `The host is internationalized (punycode ${url.hostname}), which can imitate another site: it reads as “${unicodeHost}”. Make sure it is the site you expect.`,
    );
  }
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(url.hostname) || url.hostname.startsWith('[')) {
    warnings.push('The host is a raw IP address, not a name: you cannot tell whose server it is.');
  }
  if (url.username !== '' || url.password !== '') warnings.push('The URL carries a user name or password before the host.');
  const origin = `${url.protocol}//`;
  const rest = url.href.slice(url.href.indexOf(host, origin.length) + host.length);
  return {
    parsed: true,
    text: url.href,
    before: origin,
    host,
    after: rest,
    ...(unicodeHost !== undefined && { unicodeHost }),
    warnings,
    navigable,
  };
}

/** RFC 3492 decoding of one label (without its `xn--` prefix); undefined when it is malformed. */
export function decodePunycode(input: string): string | undefined {
  const base = 36,
    tMin = 1,
    tMax = 26,
    skew = 38,
    damp = 700;
  const output: number[] = [];
  const basic = input.lastIndexOf('-');
  for (let j = 0; j < Math.max(basic, 0); j++) output.push(input.charCodeAt(j));
  let n = 128,
    i = 0,
    bias = 72;
  const adapt = (delta: number, points: number, first: boolean) => {
    delta = first ? Math.floor(delta / damp) : delta >> 1;
    delta += Math.floor(delta / points);
    let k = 0;
    while (delta > ((base - tMin) * tMax) >> 1) {
      delta = Math.floor(delta / (base - tMin));
      k += base;
    }
    return k + Math.floor(((base - tMin + 1) * delta) / (delta + skew));
  };
  for (let index = basic > 0 ? basic + 1 : 0; index < input.length;) {
    const oldI = i;
    for (let w = 1, k = base; ; k += base) {
      if (index >= input.length) return undefined;
      const c = input.charCodeAt(index++);
      const digit = c - 48 < 10 ? c - 22 : c - 65 < 26 ? c - 65 : c - 97 < 26 ? c - 97 : base;
      if (digit >= base) return undefined;
      i += digit * w;
      const t = k <= bias ? tMin : k >= bias + tMax ? tMax : k - bias;
      if (digit < t) break;
      w *= base - t;
      if (w > 0x7fffffff) return undefined;
    }
    bias = adapt(i - oldI, output.length + 1, oldI === 0);
    n += Math.floor(i / (output.length + 1));
    i %= output.length + 1;
    if (n > 0x10ffff) return undefined;
    output.splice(i++, 0, n);
  }
  return String.fromCodePoint(...output);
}
