// Small input checks used by the domain services; each names the field it rejects.
import { badRequest } from './errors.js';

export function checkLength(field: string, value: string | null | undefined, min: number, max: number) {
  if (value == null) return;
  const length = [...value].length;
  if (length < min || length > max) throw badRequest(`must be ${min} to ${max} characters long`, field);
}

export function checkPattern(field: string, value: string | null | undefined, pattern: RegExp, hint: string) {
  if (value == null) return;
  if (!pattern.test(value)) throw badRequest(`must be ${hint}`, field);
}

export function checkUrl(field: string, value: string | null | undefined, max = 2048) {
  if (value == null) return;
  checkLength(field, value, 1, max);
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error();
  } catch {
    throw badRequest('must be an absolute http(s) URL', field);
  }
}

/** Page size for connections: 1 to 1000. */
export const MAX_PAGE_SIZE = 1000;
export const DEFAULT_PAGE_SIZE = 50;
