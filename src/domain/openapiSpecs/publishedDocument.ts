// The stable published URL of a spec's processed document,
// /openapi/{organizationId}/{specSlug}.json, and what it answers: the latest
// processed version. Public specs answer anyone; private ones only the
// organization's members, others get 404. The HTTP side is src/web/openapiSpecs.ts.
import type { Context } from '../../context.js';
import { can, openAPISpecPolicy } from '../../policy/index.js';
import { notFound } from '../../errors.js';

export const publishedSpecUrl = (publishedBase: string, organizationId: string, slug: string) =>
  `${publishedBase.replace(/\/published$/, '')}/openapi/${organizationId}/${slug}.json`;

/** The latest processed document of a spec the caller may see, and whether anyone may (404 otherwise). */
export async function publishedSpecDocument(ctx: Context, organizationId: string, slug: string) {
  const spec = await ctx.prisma.openAPISpec.findUnique({
    where: { organizationId_slug: { organizationId, slug } },
    select: { visibility: true, organizationId: true, lastVersionId: true },
  });
  const visible = spec && (spec.visibility === 'public' || (ctx.actor != null && can(openAPISpecPolicy, ctx.actor, spec, 'view')));
  if (!visible) throw notFound('OpenAPI spec');
  const version = spec.lastVersionId
    ? await ctx.prisma.openAPISpecVersion.findUnique({ where: { id: spec.lastVersionId }, select: { document: true } })
    : null;
  if (!version) throw notFound('Processed OpenAPI document');
  return { document: version.document, public: spec.visibility === 'public' };
}
