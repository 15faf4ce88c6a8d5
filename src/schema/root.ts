// Root types and scalars shared by every domain.
import { builder } from './builder.js';
import { AppError } from '../errors.js';

builder.scalarType('DateTime', {
  description: 'A date and time, as an ISO 8601 string in UTC (`2026-01-31T12:00:00.000Z`).',
  serialize: (value) => (value instanceof Date ? value.toISOString() : String(value)),
  parseValue: (value) => {
    const date = new Date(String(value));
    if (Number.isNaN(date.getTime())) throw new AppError(400, 'Invalid date-time');
    return date;
  },
});

builder.scalarType('JSON', {
  description: 'Arbitrary JSON value.',
  serialize: (value) => value,
  parseValue: (value) => value,
});

// Every root field needs an authenticated caller; finer rules live in src/policy.
builder.queryType({ description: 'What a caller may read.', authScopes: { authenticated: true } });
builder.mutationType({
  description: 'What a caller may change: each mutation takes one `input` and answers a payload.',
  authScopes: { authenticated: true },
});
builder.subscriptionType({
  description: 'Live changes, over graphql-ws (token in `connectionParams`).',
  authScopes: { authenticated: true },
});
