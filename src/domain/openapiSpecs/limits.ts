// Bounds of a processed OpenAPI document. A spec of 2 KB whose $refs fan out
// dereferences to millions of nodes (15 MB of JSON); a source nested thousands
// of levels deep overflows the parser's stack. Both are refused with a
// PARSE_ERROR the spec records. Variables and defaults: docs/configuration.md.
import { integer, type Env } from '../../config/env.js';

export interface OpenAPILimits {
  /** Most values (objects, arrays, scalars) the dereferenced document may hold. */
  maxNodes: number;
  /** Deepest nesting of the source, and of the dereferenced document. */
  maxDepth: number;
}

export const defaultOpenAPILimits: OpenAPILimits = { maxNodes: 200_000, maxDepth: 128 };

export function openAPILimitsFromEnv(env: Env = process.env): OpenAPILimits {
  return {
    maxNodes: integer(env, 'OPENAPI_MAX_DOCUMENT_NODES', defaultOpenAPILimits.maxNodes),
    maxDepth: integer(env, 'OPENAPI_MAX_DEPTH', defaultOpenAPILimits.maxDepth),
  };
}
