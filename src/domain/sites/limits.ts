// Bounds and patterns of site fields (spec section 8, and the public OpenAPI
// document's SiteHostname and SiteProxyOrigin); each check names the field it rejects.
import { badRequest } from '../../errors.js';
import { checkLength, checkPattern } from '../../validate.js';

export const SITE_TITLE = { min: 2, max: 128 };
export const BASENAME = { min: 1, max: 100 };
export const HOSTNAME_MAX = 512;
export const PROXY_MAX = 512;

const HOSTNAME_PATTERN = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?[.]){2,}[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$/;
const PROXY_PATTERN = /^([\w-]+\.)*[\w-]+\.[a-zA-Z]{2,}(\/[\w-]+)+$/;

/** A field the table cannot clear: null is refused. */
export function notNull<T>(field: string, value: T | null | undefined): T | undefined {
  if (value === null) throw badRequest('cannot be null', field);
  return value;
}

export function checkSiteTitle(value: string | null | undefined, field = 'title') {
  checkLength(field, notNull(field, value), SITE_TITLE.min, SITE_TITLE.max);
}

export function checkHostname(value: string | null | undefined) {
  checkLength('hostname', value, 1, HOSTNAME_MAX);
  checkPattern('hostname', value, HOSTNAME_PATTERN, 'a lower-case host name of at least three labels (docs.example.com)');
}

export function checkBasename(value: string | null | undefined) {
  checkLength('basename', value, BASENAME.min, BASENAME.max);
}

export function checkProxy(value: string | null | undefined) {
  checkLength('proxy', value, 1, PROXY_MAX);
  checkPattern('proxy', value, PROXY_PATTERN, 'a domain followed by a path (example.com/docs)');
}
