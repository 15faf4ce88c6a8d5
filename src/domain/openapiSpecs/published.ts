// The stable published URL of a spec's processed document:
// GET /openapi/{organizationId}/{specSlug}.json answers the latest processed
// version (JSON). Public specs answer anyone; private ones only the
// organization's members (Authorization: Bearer), others get 404.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context } from '../../context.js';
import { can, openAPISpecPolicy } from '../../policy/index.js';
import { AppError, notFound } from '../../errors.js';
import { sendJson } from '../../http/respond.js';

export const publishedSpecPath = /^\/openapi\/([^/]+)\/([^/]+?)(?:\.json)?$/;

export const publishedSpecUrl = (publishedBase: string, organizationId: string, slug: string) =>
  `${publishedBase.replace(/\/published$/, '')}/openapi/${organizationId}/${slug}.json`;

export async function servePublishedSpec(req: IncomingMessage, res: ServerResponse, path: string, ctx: Context) {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    throw new AppError(405, `Method ${req.method} is not allowed on ${path}`);
  }
  const [, organizationId, slug] = publishedSpecPath.exec(path)!.map((part) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return '';
    }
  });
  const spec = await ctx.prisma.openAPISpec.findUnique({ where: { organizationId_slug: { organizationId, slug } }, select: { visibility: true, organizationId: true, lastVersionId: true } });
  const visible = spec && (spec.visibility === 'public' || (ctx.actor != null && can(openAPISpecPolicy, ctx.actor, spec, 'view')));
  if (!visible) throw notFound('OpenAPI spec');
  const version = spec.lastVersionId ? await ctx.prisma.openAPISpecVersion.findUnique({ where: { id: spec.lastVersionId }, select: { document: true } }) : null;
  if (!version) throw notFound('Processed OpenAPI document');
  res.setHeader('Cache-Control', spec.visibility === 'public' ? 'public, max-age=60' : 'private, no-store');
  sendJson(res, 200, version.document);
}
