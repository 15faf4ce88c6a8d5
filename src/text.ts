// Text the database layer cannot take: U+0000 (PostgreSQL refuses it in text
// and jsonb) and lone UTF-16 surrogates (legal in JSON's "\ud800", but not
// Unicode: Prisma's query engine fails on them). A request bringing either
// anywhere — path, query, body at any depth, object keys included — is
// refused with a 400 naming the field, rather than failing with a 500.

const unstorable = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const unstorableTextMessage = 'must be well-formed Unicode text without NUL (U+0000) characters';

/** Bytes, not text: uploaded files (Blob/File) and binary buffers are stored as they are, never walked. */
const isBinary = (value: object) =>
  ArrayBuffer.isView(value) ||
  value instanceof ArrayBuffer ||
  (typeof (value as Blob).arrayBuffer === 'function' && typeof (value as Blob).size === 'number');

/** The REST field (e.g. `mergeRules.rules[0].users[1]`) where `value` holds text the database cannot take, if any. */
export function fieldWithUnstorableText(value: unknown, field: string): string | undefined {
  if (typeof value === 'string') return unstorable.test(value) ? field : undefined;
  if (value && typeof value === 'object' && isBinary(value)) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = fieldWithUnstorableText(value[i], `${field}[${i}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [key, member] of Object.entries(value)) {
      const path = field ? `${field}.${key}` : key;
      if (unstorable.test(key)) return path;
      const found = fieldWithUnstorableText(member, path);
      if (found) return found;
    }
  }
  return undefined;
}
