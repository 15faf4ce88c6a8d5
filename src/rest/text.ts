// Text PostgreSQL cannot store: U+0000 (in text and in jsonb alike). A request
// bringing it anywhere — path, query, body at any depth, object keys included —
// is refused with a 400 naming the field, rather than failing in the database.

/** The REST field (e.g. `mergeRules.rules[0].users[1]`) where `value` holds a NUL character, if any. */
export function fieldWithNul(value: unknown, field: string): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? field : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = fieldWithNul(value[i], `${field}[${i}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [key, member] of Object.entries(value)) {
      const path = field ? `${field}.${key}` : key;
      if (key.includes('\u0000')) return path;
      const found = fieldWithNul(member, path);
      if (found) return found;
    }
  }
  return undefined;
}
