// Text search in Prisma filters. Prisma's `contains` is a LIKE pattern around the
// value as given, where `%` and `_` match anything: a search for "50%" would find
// "500 pages". Every search of a list goes through here, which escapes them.

/** The value with LIKE's wildcards (and its escape character) escaped: searched for literally. */
export const literally = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** A Prisma filter: the column contains `text`, ignoring case. */
export const containsText = (text: string) => ({ contains: literally(text), mode: 'insensitive' as const });
