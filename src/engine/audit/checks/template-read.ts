/**
 * resources-templates-read: the first resource template of simple `{name}` variables, filled in with the
 * first value the server's own completion offers for each, is read. Where completion offers none (or the
 * server has no completions), a sample value guessed from the variable's name is tried ("1" for an id); a
 * guess the server answers with an error proves nothing, so the check then does not apply, saying so.
 */
import { isRecord } from '../../../shared/read.ts';
import type { AuditCheck, AuditContext } from '../check.ts';
import { exchangeLine } from '../judge/answer.ts';
import { notApplicable, outcomeOf } from '../judge/findings.ts';
import { expandTemplate, judgeTemplateRead, sampleValue, simpleVariables } from '../judge/template-read.ts';

/** The first value the server's completion offers for `name`, given the values chosen so far. */
async function completed(ctx: AuditContext, uriTemplate: string, name: string, values: Record<string, string>, lines: string[]) {
  if (ctx.capabilities.completions === undefined) return undefined;
  const completion = await ctx.send('completion/complete', {
    ref: { type: 'ref/resource', uri: uriTemplate },
    argument: { name, value: '' },
    ...(Object.keys(values).length > 0 && { context: { arguments: { ...values } } }),
  });
  lines.push(exchangeLine(completion));
  const result = completion.answer.kind === 'result' ? completion.answer.result : undefined;
  const first =
    isRecord(result) && isRecord(result.completion) && Array.isArray(result.completion.values) ? result.completion.values[0] : undefined;
  return typeof first === 'string' ? first : undefined;
}

export const resourcesTemplatesRead: AuditCheck = {
  id: 'resources-templates-read',
  title: 'A resource template, filled in, reads as a resource',
  sections: { legacy: 'server/resources#resource-templates', modern: 'server/resources#resource-templates' },
  needs: 'resources',
  sideEffects: false,
  suite: {
    scenario: 'resources-templates-read',
    differs:
      "The suite reads its fixture's test://template/123/data, which other servers do not have; MCP Lens fills in the server's own template with values its completion offers, or a sample value where it offers none.",
  },
  async run(ctx) {
    const templates = (await ctx.listing('resourceTemplates')).items;
    const template = templates.find(
      (t): t is { uriTemplate: string } => isRecord(t) && typeof t.uriTemplate === 'string' && simpleVariables(t.uriTemplate) !== undefined,
    );
    if (!template) return notApplicable('The server lists no resource template with simple {name} variables to fill in.');
    const values: Record<string, string> = {};
    const guessed: string[] = [];
    const lines: string[] = [];
    for (const name of simpleVariables(template.uriTemplate)!) {
      const offered = await completed(ctx, template.uriTemplate, name, values, lines);
      if (offered === undefined) guessed.push(name);
      values[name] = offered ?? sampleValue(name);
    }
    if (guessed.length > 0)
      lines.push(
        `${ctx.capabilities.completions === undefined ? 'The server offers no completions' : 'Completion offered no value'} for ${guessed.map((n) => `{${n}}`).join(', ')}; tried the sample ${guessed.map((n) => `${n}=${JSON.stringify(values[n])}`).join(', ')}.`,
      );
    const uri = expandTemplate(template.uriTemplate, values);
    const read = await ctx.send('resources/read', { uri });
    lines.push(exchangeLine(read));
    if (guessed.length > 0 && read.answer.kind !== 'result')
      return notApplicable(
        `No value known to exist for ${template.uriTemplate}: the sample ${quoteUri(uri)} got an error, which says nothing about the server (that resource may simply not exist).`,
        lines,
      );
    const filled = guessed.length > 0 ? 'with a sample value (completion offered none)' : undefined;
    return outcomeOf(judgeTemplateRead(read, uri, filled), lines);
  },
};

const quoteUri = (uri: string) => JSON.stringify(uri.length > 80 ? `${uri.slice(0, 80)}…` : uri);
