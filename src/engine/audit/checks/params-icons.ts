/** bad-params (a request missing a required parameter gets -32602) and icons (every icon as the spec says). */
import { isRecord } from '../../../shared/read.ts';
import type { AuditCheck } from '../check.ts';
import { exchangeLine } from '../judge/answer.ts';
import { judgeBadParams } from '../judge/bad-params.ts';
import { notApplicable, outcomeOf } from '../judge/findings.ts';
import { judgeIcons, type IconOwner } from '../judge/icons.ts';
import { LISTS, type ListKind } from '../listing.ts';

/** Which request leaves out what, by the first capability the server offers; none of them runs anything. */
const MISSING: Array<{ capability: string; method: string; missing: string }> = [
  { capability: 'tools', method: 'tools/call', missing: 'name' },
  { capability: 'prompts', method: 'prompts/get', missing: 'name' },
  { capability: 'resources', method: 'resources/read', missing: 'uri' },
];

export const badParams: AuditCheck = {
  id: 'bad-params',
  title: 'A request missing a required parameter gets -32602',
  sections: { legacy: 'basic#error-responses', modern: 'basic#error-responses' },
  sideEffects: false,
  async run(ctx) {
    const target = MISSING.find(({ capability }) => ctx.capabilities[capability] !== undefined);
    if (!target)
      return notApplicable('The server offers no tools, prompts or resources, so no request with a required parameter can be sent.');
    const exchange = await ctx.send(target.method, {});
    return outcomeOf(judgeBadParams(exchange, target.missing), [exchangeLine(exchange)]);
  },
};

const ICON_LISTS: ListKind[] = ['tools', 'prompts', 'resources', 'resourceTemplates'];

export const icons: AuditCheck = {
  id: 'icons',
  title: 'Icons are as the spec describes them',
  sections: { legacy: 'basic/index#icons', modern: 'basic/index#icons' },
  sideEffects: false,
  async run(ctx) {
    const owners: IconOwner[] = [];
    for (const kind of ICON_LISTS) {
      if (ctx.capabilities[LISTS[kind].capability] === undefined) continue;
      for (const item of (await ctx.listing(kind)).items) {
        if (!isRecord(item)) continue;
        const name = typeof item.name === 'string' ? item.name : typeof item.uri === 'string' ? item.uri : '?';
        owners.push({ label: `${LISTS[kind].noun} ${JSON.stringify(name)}`, icons: item.icons });
      }
    }
    const findings = judgeIcons(owners);
    if (findings.length === 0) return notApplicable('Nothing the server lists has icons.');
    return outcomeOf(findings, [`Read the icons of ${owners.length} listed entries; none was fetched.`]);
  },
};
