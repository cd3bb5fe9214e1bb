/**
 * The values a person gives in the Collections tab for the open collection's `${env:…}` and `${var:…}`: a
 * browser has no environment, so the tab asks for them. They live in memory only (the collections store's
 * `values`, never written to storage or to a saved file) and reach the runner as its `vars` and its `env`
 * lookup, so the app runs a collection with the same runner and judge as `mcp-lens test`.
 */
import type { CollectionRunValues } from '../../shared/collection/collection-api.ts';
import type { Collection } from '../../shared/collection/format.ts';
import { placeholderText, placeholdersIn, type Placeholder } from '../../shared/collection/placeholders.ts';
import { unsetVariables } from '../../shared/collection/placeholders.ts';

/** A variable the open collection uses, with what its file says of it. */
export interface NeededVariable extends Placeholder {
  source: 'env' | 'var';
  /** Where its value is kept in the store's `values`: `env:TOKEN`, `var:CITY`. */
  key: string;
  description?: string;
  /** A `${var:…}`'s default in the file: used when the person gives nothing. */
  default?: string;
}

const variableKey = ({ source, name }: Placeholder): string => `${source}:${name}`;

/** Every `${env:…}` and `${var:…}` the steps use, in order of first use, each once. */
export function neededVariables(collection: Collection): NeededVariable[] {
  const seen = new Map<string, NeededVariable>();
  for (const step of collection.steps)
    for (const placeholder of placeholdersIn(step.request.params)) {
      if (placeholder.source === 'capture' || seen.has(variableKey(placeholder))) continue;
      const declared = collection.variables?.[placeholder.name];
      seen.set(variableKey(placeholder), {
        source: placeholder.source,
        name: placeholder.name,
        key: variableKey(placeholder),
        ...(declared?.description !== undefined && { description: declared.description }),
        ...(placeholder.source === 'var' && declared?.default !== undefined && { default: declared.default }),
      });
    }
  return [...seen.values()];
}

/** The given values as the runner takes them; an empty input is no value (a `var` then takes its default). */
export function runValuesOf(values: Readonly<Record<string, string>>): CollectionRunValues {
  const given = (key: string) => (values[key] ? values[key] : undefined);
  const vars: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) if (key.startsWith('var:') && value !== '') vars[key.slice('var:'.length)] = value;
  return { vars, env: (name) => given(`env:${name}`) };
}

/** What the run still needs: an `${env:…}` with no value, a `${var:…}` with neither a value nor a default. */
export function missingVariables(collection: Collection, values: Readonly<Record<string, string>>): Placeholder[] {
  const { vars, env } = runValuesOf(values);
  return unsetVariables(collection, env, vars);
}

/** One line naming what is missing: "Give a value for ${env:TOKEN} and ${var:CITY} to run." */
export function missingVariablesText(missing: readonly Placeholder[]): string {
  const names = missing.map(placeholderText);
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `Give a value for ${list} to run.`;
}
