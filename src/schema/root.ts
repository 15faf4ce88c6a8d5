// Root types and scalars shared by every domain.
import { builder } from './builder.js';
import { AppError } from '../errors.js';

builder.scalarType('DateTime', {
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
builder.queryType({ authScopes: { authenticated: true } });
builder.mutationType({ authScopes: { authenticated: true } });
builder.subscriptionType({ authScopes: { authenticated: true } });
