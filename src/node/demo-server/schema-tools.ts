import {
  fromJsonSchema,
  type JsonSchemaType,
  type JsonSchemaValidator,
  type jsonSchemaValidator,
  type McpServer,
} from '@modelcontextprotocol/server';

import { icons } from './icons.ts';

/**
 * Tools whose schemas and results exercise what `book-meeting` and `get-forecast` do not: nullable types,
 * local `$defs`/`$ref`, an `anyOf` union, an `additionalProperties` map, date-time, patterns, a boolean
 * that may stay unset; a draft-04 schema; content annotations; a result that breaks its outputSchema;
 * a big structured result; and a tool with no annotations at all (the spec's defaults apply).
 */

const TRIP_SCHEMA = {
  type: 'object',
  $defs: {
    place: {
      type: 'object',
      title: 'Place',
      properties: {
        city: { type: 'string', minLength: 1, description: 'City name' },
        country: { type: 'string', pattern: '^[A-Z]{2}$', description: 'Two-letter country code, e.g. PT' },
      },
      required: ['city', 'country'],
    },
  },
  properties: {
    from: { $ref: '#/$defs/place', title: 'From' },
    to: { $ref: '#/$defs/place', title: 'To' },
    departure: { type: 'string', format: 'date-time', description: 'When you leave' },
    returnDate: { type: ['string', 'null'], format: 'date', description: 'Leave empty for a one-way trip' },
    travellerEmail: { type: 'string', format: 'email', description: 'Where to send the itinerary' },
    budget: {
      title: 'Budget',
      anyOf: [
        { type: 'number', minimum: 0, title: 'Amount in euros' },
        { type: 'string', enum: ['cheap', 'moderate', 'lavish'], title: 'Category' },
      ],
    },
    flexibleDates: { type: 'boolean', description: 'Leave unset for no preference' },
    stops: { type: 'array', items: { $ref: '#/$defs/place' }, maxItems: 5, description: 'Places on the way, in order' },
    preferences: { type: 'object', additionalProperties: { type: 'string' }, description: 'Free-form wishes, e.g. seat → window' },
    bookingCode: { type: 'string', pattern: '^[A-Z]{3}-[0-9]{4}$', description: 'Existing booking, e.g. ABC-1234' },
  },
  required: ['from', 'to', 'departure'],
} as const;

interface Place {
  city: string;
  country: string;
}
interface TripArgs {
  from: Place;
  to: Place;
  departure: string;
  returnDate?: string | null;
  travellerEmail?: string;
  budget?: number | string;
  flexibleDates?: boolean;
  stops?: Place[];
  preferences?: Record<string, string>;
  bookingCode?: string;
}

const LEGACY_SCHEMA = {
  $schema: 'http://json-schema.org/draft-04/schema#',
  type: 'object',
  properties: { query: { type: 'string', description: 'What to look up' }, limit: { type: 'integer', minimum: 1, maximum: 50 } },
  required: ['query'],
};

/**
 * The SDK's validators refuse draft-04, so this tool checks its two fields by hand: the schema is there to
 * be sent to clients as written.
 */
const draft04Checker: jsonSchemaValidator = {
  getValidator:
    <T>() =>
    (input: unknown) => {
      const args = input as { query?: unknown; limit?: unknown } | null;
      const ok =
        typeof args === 'object' &&
        args !== null &&
        typeof args.query === 'string' &&
        (args.limit === undefined || (Number.isInteger(args.limit) && (args.limit as number) >= 1 && (args.limit as number) <= 50));
      return ok
        ? { valid: true, data: input as T, errorMessage: undefined }
        : { valid: false, data: undefined, errorMessage: 'query (string) is required; limit is an integer from 1 to 50' };
    },
};

const acceptAnything: jsonSchemaValidator = {
  getValidator<T>(): JsonSchemaValidator<T> {
    return (input) => ({ valid: true, data: input as T, errorMessage: undefined });
  },
};

export function registerSchemaTools(server: McpServer): void {
  server.registerTool(
    'plan-trip',
    {
      title: 'Plan a trip',
      description:
        'A schema showcase beyond book-meeting: places defined once in $defs and used by $ref, a nullable return date, ' +
        'a budget that is a number or a category (anyOf), a key/value map, date-time, patterns and a yes/no that may ' +
        'stay unset. Returns the arguments it understood.',
      icons: icons.calendar,
      inputSchema: fromJsonSchema<TripArgs>(TRIP_SCHEMA as unknown as JsonSchemaType),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) => {
      const place = (p: Place) => `${p.city} (${p.country})`;
      const lines = [
        `Trip from ${place(args.from)} to ${place(args.to)}, leaving ${args.departure}.`,
        args.returnDate ? `Returning ${args.returnDate}.` : 'One way.',
        `Stops: ${args.stops && args.stops.length > 0 ? args.stops.map(place).join(' → ') : 'none'}.`,
        `Budget: ${args.budget === undefined ? 'not given' : typeof args.budget === 'number' ? `${args.budget} EUR` : args.budget}.`,
        `Flexible dates: ${args.flexibleDates === undefined ? 'no preference' : args.flexibleDates ? 'yes' : 'no'}.`,
        `Preferences: ${
          Object.entries(args.preferences ?? {})
            .map(([k, v]) => `${k}=${v}`)
            .join(', ') || 'none'
        }.`,
      ];
      if (args.travellerEmail) lines.push(`Itinerary to ${args.travellerEmail}.`);
      if (args.bookingCode) lines.push(`Booking code ${args.bookingCode}.`);
      return { content: [{ type: 'text', text: lines.join('\n') }], structuredContent: { received: args } };
    },
  );

  server.registerTool(
    'legacy-search',
    {
      title: 'Legacy search (draft-04 schema)',
      description: 'Declares its inputSchema as JSON Schema draft-04, a dialect MCP does not require clients to support.',
      icons: icons.doc,
      inputSchema: fromJsonSchema<{ query: string; limit?: number }>(LEGACY_SCHEMA as unknown as JsonSchemaType, draft04Checker),
      annotations: { readOnlyHint: true },
    },
    ({ query, limit }) => ({ content: [{ type: 'text', text: `Searched for "${query}" (limit ${limit ?? 10}).` }] }),
  );

  server.registerTool(
    'annotated-report',
    {
      title: 'Annotated report',
      description: 'Returns content blocks carrying annotations (audience, priority, lastModified), including an embedded binary resource.',
      icons: icons.note,
      annotations: { readOnlyHint: true },
    },
    () => ({
      content: [
        {
          type: 'text',
          text: 'Summary for the user.',
          annotations: { audience: ['user'], priority: 1, lastModified: '2026-01-15T10:30:00Z' },
        },
        { type: 'text', text: 'Internal notes for the model.', annotations: { audience: ['assistant'], priority: 0.2 } },
        {
          type: 'resource',
          resource: {
            uri: 'demo://report/raw.bin',
            mimeType: 'application/octet-stream',
            blob: Buffer.from('MCP Lens demo bytes').toString('base64'),
          },
          annotations: { audience: ['user'], priority: 0.5 },
        },
      ],
    }),
  );

  server.registerTool(
    'broken-output',
    {
      title: 'Broken output',
      description: 'Declares an outputSchema and returns structuredContent that does not match it, so a client can show the mismatch.',
      icons: icons.error,
      // The SDK checks results against the outputSchema before sending; this tool's point is to send one that fails.
      outputSchema: fromJsonSchema<{ count: number; items: string[] }>(
        {
          type: 'object',
          properties: { count: { type: 'integer' }, items: { type: 'array', items: { type: 'string' } } },
          required: ['count', 'items'],
        } as unknown as JsonSchemaType,
        acceptAnything,
      ),
      annotations: { readOnlyHint: true },
    },
    // The handler's type follows the declared schema; the cast is the point of the tool.
    () =>
      ({
        content: [{ type: 'text', text: 'count is a string here' }],
        structuredContent: { count: 'three', items: ['a', 'b', 'c'] },
      }) as never,
  );

  server.registerTool(
    'big-structure',
    {
      title: 'Big structured result',
      description: 'Returns a structured result with thousands of entries, to show that the tree expands lazily.',
      icons: icons.doc,
      annotations: { readOnlyHint: true },
    },
    () => {
      const rows = Array.from({ length: 5000 }, (_, i) => ({ id: i, name: `row-${i}`, tags: ['demo', i % 2 === 0 ? 'even' : 'odd'] }));
      return { content: [{ type: 'text', text: `${rows.length} rows` }], structuredContent: { total: rows.length, rows } };
    },
  );

  server.registerTool(
    'reset-demo',
    {
      title: 'Reset (no annotations)',
      description: 'Declares no annotations at all, so the spec’s defaults apply: not read-only, possibly destructive. It does nothing.',
      icons: icons.trash,
    },
    () => ({ content: [{ type: 'text', text: 'Nothing was reset: this demo tool only exists to be confirmed first.' }] }),
  );
}
