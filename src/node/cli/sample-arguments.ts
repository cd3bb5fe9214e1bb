/** Arguments for a tool call made without a person: each property's default, else a plain value of its type. */
type Property = { type?: string | string[]; default?: unknown; enum?: unknown[]; minimum?: number; oneOf?: Array<{ const?: unknown }> };

export function sampleArguments(inputSchema: Record<string, unknown>): Record<string, unknown> {
  const properties = (inputSchema.properties ?? {}) as Record<string, Property>;
  return Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, sampleValue(property)]));
}

function sampleValue(property: Property): unknown {
  if (property.default !== undefined) return property.default;
  if (property.enum && property.enum.length > 0) return property.enum[0];
  if (property.oneOf?.[0] && 'const' in property.oneOf[0]) return property.oneOf[0].const;
  const type = Array.isArray(property.type) ? property.type.find((t) => t !== 'null') : property.type;
  switch (type) {
    case 'number':
    case 'integer':
      return property.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      return 'test';
  }
}
