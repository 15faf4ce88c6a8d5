import { roleIn } from './actor.js';
import { definePolicy } from './policy.js';
import { atLeast } from './roles.js';

export interface OpenAPISpecSubject {
  organizationId: string;
}

/**
 * OpenAPI specifications of an organization: its members (not guests) see
 * them; members who may create content (`create` and above, as the
 * organization's `createOpenAPISpec` permission) create, change, reprocess
 * and delete them. Public specs' processed documents are published to anyone
 * (src/domain/openapiSpecs/published.ts); the API resource stays the members'.
 * A visitor of one of the organization's published sites reads them too: the
 * site's OpenAPI blocks render from them (the organization's specs are what
 * its published pages reference).
 */
export const openAPISpecPolicy = definePolicy(
  'OpenAPI spec',
  (actor, spec: OpenAPISpecSubject) => {
    const role = roleIn(actor, spec.organizationId);
    const visitor = actor.visit?.organizationId === spec.organizationId;
    return { view: role != null || visitor, edit: atLeast(role, 'create') };
  },
  {
    view: 'openapi:read',
    edit: 'openapi:write',
  },
);
