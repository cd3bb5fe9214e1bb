/**
 * resources-templates-read: the first resource template of simple `{name}` variables, filled in with the
 * first value the server's own completion offers for each, is read. Without completions MCP Lens cannot
 * know a value that exists, so the check does not apply.
 */
import { isRecord } from '../../../shared/read.ts';
import type { AuditCheck } from '../check.ts';
import { exchangeLine } from '../judge/answer.ts';
import { notApplicable, outcomeOf } from '../judge/findings.ts';
import { expandTemplate, judgeTemplateRead, simpleVariables } from '../judge/template-read.ts';

export const resourcesTemplatesRead: AuditCheck = {
  id: 'resources-templates-read',
  title: 'A resource template, filled in, reads as a resource',
  sections: { legacy: 'server/resources#resource-templates', modern: 'server/resources#resource-templates' },
  needs: 'resources',
  sideEffects: false,
  suite: {
    scenario: 'resources-templates-read',
    differs:
      "The suite reads its fixture's test://template/123/data, which other servers do not have; MCP Lens fills in the server's own template with values its completion offers.",
  },
  async run(ctx) {
    const templates = (await ctx.listing('resourceTemplates')).items;
    const template = templates.find(
      (t): t is { uriTemplate: string } => isRecord(t) && typeof t.uriTemplate === 'string' && simpleVariables(t.uriTemplate) !== undefined,
    );
    if (!template) return notApplicable('The server lists no resource template with simple {name} variables to fill in.');
    if (ctx.capabilities.completions === undefined)
      return notApplicable(`The server offers no completions, so MCP Lens cannot know a value that exists for ${template.uriTemplate}.`);
    const values: Record<string, string> = {};
    const lines: string[] = [];
    for (const name of simpleVariables(template.uriTemplate)!) {
      const completion = await ctx.send('completion/complete', {
        ref: { type: 'ref/resource', uri: template.uriTemplate },
        argument: { name, value: '' },
        ...(Object.keys(values).length > 0 && { context: { arguments: { ...values } } }),
      });
      lines.push(exchangeLine(completion));
      const result = completion.answer.kind === 'result' ? completion.answer.result : undefined;
      const first =
        isRecord(result) && isRecord(result.completion) && Array.isArray(result.completion.values)
          ? result.completion.values[0]
          : undefined;
      if (typeof first !== 'string')
        return notApplicable(`The server's completion offered no value for {${name}} of ${template.uriTemplate}.`, lines);
      values[name] = first;
    }
    const uri = expandTemplate(template.uriTemplate, values);
    const read = await ctx.send('resources/read', { uri });
    return outcomeOf(judgeTemplateRead(read, uri), [...lines, exchangeLine(read)]);
  },
};
