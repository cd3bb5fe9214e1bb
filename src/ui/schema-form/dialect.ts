/** Which JSON Schema dialect a tool's inputSchema uses. Kept apart from Ajv so the main bundle can ask. */
export type Dialect = '2020-12' | '2019-09' | 'draft-07';

/**
 * MCP says a schema without `$schema` is 2020-12. `known: false` means a dialect we cannot check faithfully
 * (draft-04/06, anything else): the UI says so and offers the raw editor.
 */
export function detectDialect(schema: Record<string, unknown>): { dialect: Dialect; known: boolean } {
  const declared = schema.$schema;
  if (declared === undefined) return { dialect: '2020-12', known: true };
  const text = String(declared);
  if (/draft\/2020-12\/schema/.test(text)) return { dialect: '2020-12', known: true };
  if (/draft\/2019-09\/schema/.test(text)) return { dialect: '2019-09', known: true };
  if (/draft-07\/schema/.test(text)) return { dialect: 'draft-07', known: true };
  if (/draft-0[46]\/schema/.test(text)) return { dialect: 'draft-07', known: false };
  return { dialect: '2020-12', known: false };
}
