// The processed versions of a spec and their content (GET …/openapi/{specSlug}/versions/
// latest/content[/raw], …/versions/{versionId}/content): what the processing job
// stored (processSpec.ts), served as it is — the document was validated and
// dereferenced by the job, never on a request. Members only (openapi:read), as the spec.
import type { Context } from '../../context.js';
import { notFound } from '../../errors.js';
import type { OpenAPISpec, OpenAPISpecVersion } from '../../generated/prisma/client.js';
import { publishedSpecUrl } from './publishedDocument.js';

export type SpecVersionRow = OpenAPISpecVersion & { spec: Pick<OpenAPISpec, 'organizationId' | 'slug' | 'visibility'> };

const withSpec = { spec: { select: { organizationId: true, slug: true, visibility: true } } } as const;
const noVersion = () => notFound('OpenAPI spec version');

/** The latest processed version of the spec: 404 before the first processing succeeded. */
export async function latestSpecVersion(ctx: Context, spec: OpenAPISpec): Promise<SpecVersionRow> {
  if (!spec.lastVersionId) throw noVersion();
  const version = await ctx.prisma.openAPISpecVersion.findFirst({ where: { id: spec.lastVersionId, specId: spec.id }, include: withSpec });
  if (!version) throw noVersion();
  return version;
}

/** One version of the spec by id: 404 for another spec's (or none). */
export async function specVersionById(ctx: Context, spec: OpenAPISpec, versionId: string): Promise<SpecVersionRow> {
  const version = await ctx.prisma.openAPISpecVersion.findFirst({ where: { id: versionId, specId: spec.id }, include: withSpec });
  if (!version) throw noVersion();
  return version;
}

/** The entry file's name in the content's filesystem: the source URL's last path segment. */
export function entryFileName(sourceURL: string): string {
  let name = '';
  try {
    name = decodeURIComponent(new URL(sourceURL).pathname.split('/').pop() ?? '');
  } catch {
    // An unparsable or oddly encoded URL names no file: the default below.
  }
  return name || 'openapi.json';
}

/**
 * The public document's OpenAPISpecContent: a filesystem of the specifications
 * (one file here, the processed entry document, by its file name), and the URLs
 * of the source and — for a public spec — of its published document.
 */
export function specVersionContent(urls: { published: string }, version: SpecVersionRow) {
  const { organizationId, slug, visibility } = version.spec;
  return {
    filesystem: { [entryFileName(version.sourceURL)]: version.document },
    urls: {
      source: version.sourceURL,
      public: visibility === 'public' ? publishedSpecUrl(urls.published, organizationId, slug) : null,
    },
  };
}

/** The source text as fetched, and its format; 404 for a version processed before sources were kept. */
export function specVersionRawContent(version: SpecVersionRow) {
  if (version.sourceText == null || version.sourceFormat == null) throw notFound('Raw source of this OpenAPI spec version');
  return { text: version.sourceText, format: version.sourceFormat as 'json' | 'yaml' };
}
