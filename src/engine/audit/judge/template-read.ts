/**
 * resources-templates-read: a resource template, filled in with values the server's own completion offered
 * (or, where it offered none, a sample value guessed from the variable's name), reads as a resource: a
 * result whose contents are not empty, each with a uri and a text or blob.
 */
import { isRecord, plural } from '../../../shared/read.ts';
import type { Exchange } from '../exchange.ts';
import { describeAnswer, wireResult } from './answer.ts';
import { fail, pass, quote, type Finding } from './findings.ts';

/** The variables of a template whose expressions are all simple (`{name}`), or undefined if any is not. */
export function simpleVariables(uriTemplate: string): string[] | undefined {
  const expressions = [...uriTemplate.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]!);
  if (expressions.length === 0 || !expressions.every((e) => /^[A-Za-z0-9_]+$/.test(e))) return undefined;
  return expressions;
}

/** Names that usually hold a number or an id: `id`, `userId`, `page`, `item_count`, … */
const NUMERIC_NAME = /(^|[_-])(id|n|num|number|count|index|page|year|version|rev)$|[a-z](Id|Num|Number|Index)$/i;

/**
 * A value to try for a variable the server's completion offered nothing for: "1" for a name that looks like
 * an id or a number (the suite's own fixture, `test://template/{id}/data`, reads for any), else "example".
 */
export function sampleValue(name: string): string {
  return NUMERIC_NAME.test(name) ? '1' : 'example';
}

/** The template with each `{name}` replaced by its value, percent-encoded. */
export function expandTemplate(uriTemplate: string, values: Record<string, string>): string {
  return uriTemplate.replace(/\{([A-Za-z0-9_]+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
}

/** `filled`: how the values were chosen, for the sentence ("with values the server's completion offered"). */
export function judgeTemplateRead(exchange: Exchange, uri: string, filled = "with values the server's completion offered"): Finding[] {
  const { answer } = exchange;
  if (answer.kind !== 'result') return [fail(`resources/read of ${quote(uri, 60)}, filled in ${filled}, got ${describeAnswer(answer)}.`)];
  const result = wireResult(exchange);
  const contents = isRecord(result) ? result.contents : undefined;
  if (!Array.isArray(contents) || contents.length === 0)
    return [fail(`resources/read of ${quote(uri, 60)} answered no contents; a resource read returns at least one.`)];
  const findings: Finding[] = [];
  (contents as unknown[]).forEach((content, index) => {
    if (!isRecord(content) || typeof content.uri !== 'string') findings.push(fail(`Content ${index + 1} has no uri.`));
    else if (typeof content.text !== 'string' && typeof content.blob !== 'string')
      findings.push(fail(`Content ${index + 1} has neither text nor blob.`));
  });
  if (findings.length === 0)
    findings.push(pass(`${quote(uri, 60)} read as ${plural(contents.length, 'content item')}, each with a uri and its text or blob.`));
  return findings;
}
