/**
 * Arguments for a tool the person ticked but saved no call for, built from its inputSchema: only the required
 * properties, each from what the schema offers first (`const`, `default`, the first `enum` or `examples`
 * value), else the plainest value of its type that meets its bounds. A guess, said as one in the details: a
 * tool that answers `isError` to it is a warning, not a fail.
 */
import { isRecord } from '../../../shared/read.ts';

/** Deeper than any real tool's arguments; a self-referencing schema stops here. */
const MAX_DEPTH = 8;

export function argumentsFor(inputSchema: unknown): Record<string, unknown> {
  const value = valueFor(inputSchema, 0);
  return isRecord(value) ? value : {};
}

function valueFor(schema: unknown, depth: number): unknown {
  if (!isRecord(schema) || depth > MAX_DEPTH) return null;
  if ('const' in schema) return schema.const;
  if ('default' in schema) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  const branches = [schema.anyOf, schema.oneOf].find(Array.isArray);
  if (branches && branches.length > 0) return valueFor(branches[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type ?? (isRecord(schema.properties) ? 'object' : undefined)) {
    case 'object':
      return objectFor(schema, depth);
    case 'array': {
      const count = typeof schema.minItems === 'number' ? Math.min(schema.minItems, 3) : 0;
      return Array.from({ length: count }, () => valueFor(schema.items, depth + 1));
    }
    case 'string':
      return stringFor(schema);
    case 'integer':
    case 'number':
      return numberFor(schema, type === 'integer');
    case 'boolean':
      return false;
    default:
      return null;
  }
}

function objectFor(schema: Record<string, unknown>, depth: number): Record<string, unknown> {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string') : [];
  const value: Record<string, unknown> = {};
  for (const name of required)
    Object.defineProperty(value, name, {
      value: valueFor(properties[name], depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return value;
}

function stringFor(schema: Record<string, unknown>): string {
  const formats: Record<string, string> = {
    uri: 'https://example.com/',
    email: 'audit@example.com',
    date: '2026-01-01',
    'date-time': '2026-01-01T00:00:00Z',
  };
  const base = (typeof schema.format === 'string' && formats[schema.format]) || 'test';
  const min = typeof schema.minLength === 'number' ? Math.min(schema.minLength, 1000) : 0;
  return base.length >= min ? base : base.padEnd(min, 'x');
}

function numberFor(schema: Record<string, unknown>, integer: boolean): number {
  const min =
    typeof schema.minimum === 'number'
      ? schema.minimum
      : typeof schema.exclusiveMinimum === 'number'
        ? schema.exclusiveMinimum + (integer ? 1 : 0.5)
        : undefined;
  const max =
    typeof schema.maximum === 'number'
      ? schema.maximum
      : typeof schema.exclusiveMaximum === 'number'
        ? schema.exclusiveMaximum - (integer ? 1 : 0.5)
        : undefined;
  const value = min ?? (max !== undefined && max < 1 ? max : 1);
  return integer ? Math.ceil(value) : value;
}
