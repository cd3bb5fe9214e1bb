/**
 * icons: every `icons` array a server lists (on tools, prompts, resources, templates, and its own identity) as
 * the spec's Icon shape says, with sources a client will load: https: (http: only on loopback) or a data:
 * image URI. Judged on the lists alone: no icon is fetched (the app fetches them, by the same rules, when
 * it shows one).
 */
import { isRecord, plural } from '../../../shared/read.ts';
import { checkIconUrl } from '../../../shared/url.ts';
import { fail, pass, quote, warn, type Finding } from './findings.ts';

/** "WxH" (e.g. "48x48") or "any" for scalable formats. */
const SIZE = /^(\d+x\d+|any)$/;

export interface IconOwner {
  /** "tool \"echo\"", "server/discover". */
  label: string;
  icons: unknown;
}

export function judgeIcons(owners: readonly IconOwner[]): Finding[] {
  const findings: Finding[] = [];
  let checked = 0;
  for (const { label, icons } of owners) {
    if (icons === undefined) continue;
    if (!Array.isArray(icons)) {
      findings.push(fail(`${label} has icons ${quote(icons, 30)}, not an array of Icon objects.`));
      continue;
    }
    for (const [index, icon] of (icons as unknown[]).entries()) {
      checked += 1;
      findings.push(...iconFindings(`${label}, icon ${index + 1}`, icon));
    }
  }
  if (checked === 0) return [];
  if (!findings.some((f) => f.verdict === 'fail' || f.verdict === 'warning'))
    findings.push(pass(`${plural(checked, 'icon')}: each has a loadable src, and any sizes, theme and mimeType as the spec gives them.`));
  return findings;
}

function iconFindings(label: string, icon: unknown): Finding[] {
  if (!isRecord(icon) || typeof icon.src !== 'string') return [fail(`${label} has no src string.`)];
  const findings: Finding[] = [];
  const source = checkIconUrl(icon.src);
  if (!source.ok) findings.push(warn(`${label}: ${source.reason}`));
  if (icon.theme !== undefined && icon.theme !== 'light' && icon.theme !== 'dark')
    findings.push(fail(`${label} has theme ${quote(icon.theme, 20)}; the spec allows "light" or "dark".`));
  if (icon.sizes !== undefined) {
    if (!Array.isArray(icon.sizes) || !icon.sizes.every((size) => typeof size === 'string'))
      findings.push(fail(`${label} has sizes ${quote(icon.sizes, 30)}, not an array of strings.`));
    else {
      const odd = (icon.sizes as string[]).filter((size) => !SIZE.test(size));
      if (odd.length > 0) findings.push(warn(`${label} has sizes ${quote(odd, 30)}; each should be "WxH" (e.g. "48x48") or "any".`));
    }
  }
  if (icon.mimeType !== undefined && (typeof icon.mimeType !== 'string' || !icon.mimeType.startsWith('image/')))
    findings.push(warn(`${label} has mimeType ${quote(icon.mimeType, 30)}, not an image type.`));
  return findings;
}
