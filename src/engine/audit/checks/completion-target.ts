/**
 * What completion-complete asks to complete: the first prompt argument the server lists, else the first
 * variable of the first resource template that has one. Pure, on the listings as the server sent them.
 */
import { isRecord } from '../../../shared/read.ts';

export interface CompletionTarget {
  ref: { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };
  argument: string;
}

/** The name of an RFC 6570 expression's first variable: `{+path}`, `{?q,lang}`, `{name*}`. */
const FIRST_VARIABLE = /\{[+#./;?&]?([A-Za-z0-9_%.]+)/;

export function completionTarget(prompts: readonly unknown[], templates: readonly unknown[]): CompletionTarget | undefined {
  for (const prompt of prompts) {
    if (!isRecord(prompt) || typeof prompt.name !== 'string' || !Array.isArray(prompt.arguments)) continue;
    const argument = (prompt.arguments as unknown[]).find((arg) => isRecord(arg) && typeof arg.name === 'string');
    if (isRecord(argument)) return { ref: { type: 'ref/prompt', name: prompt.name }, argument: argument.name as string };
  }
  for (const template of templates) {
    if (!isRecord(template) || typeof template.uriTemplate !== 'string') continue;
    const variable = FIRST_VARIABLE.exec(template.uriTemplate)?.[1];
    if (variable) return { ref: { type: 'ref/resource', uri: template.uriTemplate }, argument: variable };
  }
  return undefined;
}
