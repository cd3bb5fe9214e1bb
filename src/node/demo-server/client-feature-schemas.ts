/** Request payloads the client-feature tools send: a tool to offer in sampling, and a form with every field type. */

export const WEATHER_TOOL = {
  name: 'get_weather',
  description: 'Current weather for a city',
  inputSchema: { type: 'object' as const, properties: { city: { type: 'string' } }, required: ['city'] },
};

export const EVERY_FIELD_SCHEMA = {
  type: 'object' as const,
  properties: {
    name: { type: 'string' as const, title: 'Name', description: 'Your full name', minLength: 2, maxLength: 40, default: 'Ada Lovelace' },
    email: { type: 'string' as const, title: 'Email', format: 'email' as const, default: 'ada@example.com' },
    homepage: { type: 'string' as const, title: 'Homepage', format: 'uri' as const, default: 'https://example.com/ada' },
    birthday: { type: 'string' as const, title: 'Birthday', format: 'date' as const, default: '1815-12-10' },
    meeting: { type: 'string' as const, title: 'Next meeting', format: 'date-time' as const, default: '2025-11-25T09:30:00Z' },
    code: { type: 'string' as const, title: 'Team code', description: 'Three capital letters', pattern: '^[A-Z]{3}$', default: 'ENG' },
    age: { type: 'integer' as const, title: 'Age', minimum: 0, maximum: 150, default: 36 },
    score: { type: 'number' as const, title: 'Score', minimum: 0, maximum: 100, default: 95.5 },
    subscribe: { type: 'boolean' as const, title: 'Subscribe to news', default: true },
    color: { type: 'string' as const, title: 'Favourite colour', enum: ['red', 'green', 'blue'], default: 'green' },
    size: {
      type: 'string' as const,
      title: 'Size',
      oneOf: [
        { const: 's', title: 'Small' },
        { const: 'm', title: 'Medium' },
        { const: 'l', title: 'Large' },
      ],
      default: 'm',
    },
    plan: {
      type: 'string' as const,
      title: 'Plan (legacy enumNames)',
      enum: ['free', 'pro'],
      enumNames: ['Free plan', 'Pro plan'],
      default: 'pro',
    },
    languages: {
      type: 'array' as const,
      title: 'Languages',
      minItems: 1,
      maxItems: 3,
      items: { type: 'string' as const, enum: ['en', 'fr', 'pt', 'de'] },
      default: ['en', 'pt'],
    },
    days: {
      type: 'array' as const,
      title: 'Available days',
      items: {
        anyOf: [
          { const: 'mon', title: 'Monday' },
          { const: 'wed', title: 'Wednesday' },
          { const: 'fri', title: 'Friday' },
        ],
      },
      default: ['wed'],
    },
  },
  required: ['name', 'email', 'age'],
};
