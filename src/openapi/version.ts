// Quire's version, from its package.json (the OpenAPI document's info.version).
import { readFileSync } from 'node:fs';

export const quireVersion: string = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version;
