// GET /openapi/{organizationId}/{specSlug}.json: the published document of an
// OpenAPI spec (who may see it: domain/openapiSpecs/publishedDocument.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context } from '../context.js';
import { AppError } from '../errors.js';
import { sendJson } from '../http/respond.js';
import { publishedSpecDocument } from '../domain/openapiSpecs/publishedDocument.js';

export const publishedSpecPath = /^\/openapi\/([^/]+)\/([^/]+?)(?:\.json)?$/;

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
  const published = await publishedSpecDocument(ctx, organizationId, slug);
  res.setHeader('Cache-Control', published.public ? 'public, max-age=60' : 'private, no-store');
  sendJson(res, 200, published.document);
}
