/**
 * Hostile scenarios about schemas and content (issue 16): server patterns that backtrack, schemas whose
 * combinations explode, images whose headers declare decompression bombs, keys named after Object.prototype
 * members, an optional nested object, and markdown with HTML entities. Merged into SCENARIOS (scenarios.ts).
 */
import type { Scenario, ScenarioContext } from './scenarios.ts';

/** 2^40 paths for a backtracking engine against `^(a+)+$`: it would never finish. */
const NEAR_MISS = `${'a'.repeat(40)}!`;
const EVIL_PATTERN = '^(a+)+$';

const reply = (ctx: ScenarioContext, result: unknown) =>
  ctx.res.writeHead(200, { ...ctx.base, 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: ctx.id, result }));

function pngBase64(width: number, height: number): string {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]).copy(b);
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  return b.toString('base64');
}
/** A complete, decodable 1×1 PNG. */
const ONE_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const BOMB_ICON = { src: `data:image/png;base64,${pngBase64(20_000, 20_000)}`, mimeType: 'image/png' };
const ok = { name: 'ok', description: 'Always answers.', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } };

/** An `allOf` of `count` `anyOf`s with `options` choices each: options^count combinations for a form generator. */
export function combinatorialSchema(count = 7, options = 8): Record<string, unknown> {
  return {
    type: 'object',
    allOf: Array.from({ length: count }, (_, i) => ({
      anyOf: Array.from({ length: options }, (_, j) => ({
        properties: { [`f${i}`]: { type: 'string', const: `option ${i}.${j}` } },
      })),
    })),
  };
}

/** `count` string properties on one object: 10,000 is past the form's budget, so the JSON editor checks it. */
export function wideSchema(count = 10_000): Record<string, unknown> {
  return {
    type: 'object',
    properties: Object.fromEntries(Array.from({ length: count }, (_, i) => [`p${i}`, { type: 'string', description: `Field ${i}` }])),
    required: ['p0'],
  };
}

/** One property whose enum lists `count` values. */
export function hugeEnumSchema(count = 99_000): Record<string, unknown> {
  return { type: 'object', properties: { choice: { type: 'string', enum: Array.from({ length: count }, (_, i) => `value-${i}`) } } };
}

/** Objects nested `depth` levels deep, each with a string beside the next level (about 3 JSON levels per level). */
export function deepSchema(depth = 150): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: 'object', properties: { leaf: { type: 'string' } } };
  for (let level = depth - 1; level >= 0; level -= 1)
    schema = { type: 'object', properties: { [`l${level}`]: schema, note: { type: 'string' } } };
  return schema;
}

const MARKDOWN_WITH_ENTITIES = '# Entities\n\n&copy; 2026 Example &amp; Co &#8212; all &lt;rights&gt; reserved.';

export const SCHEMA_SCENARIOS: Record<string, Scenario> = {
  'regex-bomb': {
    tools: [
      {
        name: 'probe',
        description: 'A pattern that backtracks catastrophically, in the input and the output schema.',
        inputSchema: { type: 'object', properties: { code: { type: 'string', pattern: EVIL_PATTERN } } },
        outputSchema: {
          type: 'object',
          properties: { code: { type: 'string', pattern: EVIL_PATTERN } },
          patternProperties: { '^(a|a)*$': { type: 'string' } },
        },
        annotations: { readOnlyHint: true },
      },
      ok,
    ],
    probe: (ctx) => reply(ctx, { content: [{ type: 'text', text: 'near miss' }], structuredContent: { code: NEAR_MISS, [NEAR_MISS]: 1 } }),
  },
  combinatorial: {
    tools: [
      {
        name: 'probe',
        description: 'allOf of 7 anyOfs with 8 options each.',
        inputSchema: combinatorialSchema(),
        annotations: { readOnlyHint: true },
      },
      ok,
    ],
    probe: (ctx) => reply(ctx, { content: [{ type: 'text', text: 'combinations accepted' }] }),
  },
  // The bench's schema bombs (bench/schemas.ts): each tool only has to be selected and its arguments typed.
  'schema-bombs': {
    tools: [
      { name: 'wide', description: '10,000 properties.', inputSchema: wideSchema(), annotations: { readOnlyHint: true } },
      { name: 'enum', description: 'An enum of 99,000 values.', inputSchema: hugeEnumSchema(), annotations: { readOnlyHint: true } },
      {
        name: 'combinations',
        description: 'allOf of 7 anyOfs with 8 options each.',
        inputSchema: combinatorialSchema(),
        annotations: { readOnlyHint: true },
      },
      { name: 'deep', description: 'Objects nested 150 levels deep.', inputSchema: deepSchema(), annotations: { readOnlyHint: true } },
      ok,
    ],
  },
  'image-bombs': {
    initialize: { serverInfo: { name: 'hostile-image-bombs', version: '1.0.0', icons: [BOMB_ICON] } },
    tools: [{ ...ok, name: 'probe', description: 'Icon declaring 20000×20000 pixels.', icons: [BOMB_ICON] }, ok],
    resources: [
      { uri: 'demo://bomb.png', name: 'bomb.png', mimeType: 'image/png', icons: [BOMB_ICON] },
      { uri: 'demo://small.png', name: 'small.png', mimeType: 'image/png' },
      { uri: 'demo://entities.md', name: 'entities.md', mimeType: 'text/markdown' },
    ],
    read: (ctx, uri) => {
      const contents =
        uri === 'demo://entities.md'
          ? [{ uri, mimeType: 'text/markdown', text: MARKDOWN_WITH_ENTITIES }]
          : [{ uri, mimeType: 'image/png', blob: uri === 'demo://bomb.png' ? pngBase64(20_000, 20_000) : ONE_PIXEL_PNG }];
      reply(ctx, { contents });
    },
    probe: (ctx) => reply(ctx, { content: [{ type: 'text', text: 'icons sent' }] }),
  },
  'optional-nested': {
    tools: [
      {
        name: 'probe',
        description: 'Files an issue; meta is optional, but its own fields are required when it is given.',
        inputSchema: {
          type: 'object',
          properties: {
            title: { type: 'string' },
            meta: {
              type: 'object',
              properties: { reporter: { type: 'string' }, urgent: { type: 'boolean' } },
              required: ['reporter', 'urgent'],
            },
          },
          required: ['title'],
        },
        annotations: { readOnlyHint: true },
      },
      ok,
    ],
    probe: (ctx) => reply(ctx, { content: [{ type: 'text', text: 'issue filed' }] }),
  },
  // Input-schema properties named after Object.prototype members: they key the form's uiSchema.
  'prototype-fields': {
    tools: [
      {
        name: 'probe',
        description: 'Arguments named after Object.prototype members.',
        inputSchema: {
          type: 'object',
          properties: {
            toString: { type: 'boolean' },
            constructor: { type: 'object', properties: { valueOf: { type: 'boolean' } } },
            ['__proto__']: { type: 'string' },
            topic: { type: 'string' },
          },
        },
        annotations: { readOnlyHint: true },
      },
      ok,
    ],
    probe: (ctx) => reply(ctx, { content: [{ type: 'text', text: 'prototype fields received' }] }),
  },
};
