// Computed pages of type `builtin:openapi`: a page whose `computed` is
// {type: "builtin:openapi", props: {doc?, page?, method?}, dependencies: {spec: {ref: {kind: "openapi", spec: <slug or id>}}}}
// reads (with `computed`, the default) as Markdown rendered from the latest
// processed version of that spec of the space's organization: one section per
// operation (method and path, summary, description, parameters, request body,
// responses). `props.doc` narrows it: "operation" (props.page = path,
// props.method), "operations"/"tag" (props.page = tag), "info", "models";
// absent: every operation. The spec's visibility does not matter: whoever
// reads the space reads the page its editors placed there (the spec of another
// organization is never found). The Markdown is built as mdast and written
// with mdast-util-to-markdown, so text from the spec is escaped, never markup.
import DataLoader from 'dataloader';
import type { Heading, Paragraph, PhrasingContent, Root, RootContent, Table, TableRow } from 'mdast';
import { requestLoader } from '../../loaders.js';
import type { Context } from '../../context.js';
import { serializeMarkdown } from '../content/markdown/index.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface OpenAPIComputed {
  spec: string;
  props: { doc?: string; page?: string; method?: string };
}

const isRecord = (v: unknown): v is Record<string, any> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The definition, when `computed` is a builtin:openapi one naming a spec. */
export function openAPIComputed(computed: unknown): OpenAPIComputed | null {
  if (!isRecord(computed) || computed.type !== 'builtin:openapi') return null;
  const ref = computed.dependencies?.spec?.ref;
  if (!isRecord(ref) || ref.kind !== 'openapi' || typeof ref.spec !== 'string') return null;
  return { spec: ref.spec, props: isRecord(computed.props) ? computed.props : {} };
}

interface LoadedSpec {
  spec: { id: string; slug: string; lastVersionId: string | null; visibility: string };
  document: Record<string, any> | null;
}

type Key = readonly [spaceId: string, ref: string];
const cacheKeyFn = ([spaceId, ref]: Key) => `${spaceId}/${ref}`;

/** Specs named by computed pages, by (space, slug or id): three statements per batch whatever the number of pages. */
const specLoader = requestLoader(
  (ctx: Context) =>
    new DataLoader<Key, LoadedSpec | null, string>(
      async (keys) => {
        const spaces = await ctx.prisma.space.findMany({
          where: { id: { in: [...new Set(keys.map((k) => k[0]))] } },
          select: { id: true, organizationId: true },
        });
        const orgOf = new Map(spaces.map((s) => [s.id, s.organizationId]));
        const refs = [...new Set(keys.map((k) => k[1]))];
        const specs = await ctx.prisma.openAPISpec.findMany({
          where: { organizationId: { in: [...new Set(orgOf.values())] }, OR: [{ slug: { in: refs } }, { id: { in: refs } }] },
          select: { id: true, slug: true, organizationId: true, lastVersionId: true, visibility: true },
        });
        const versionIds = specs.flatMap((s) => (s.lastVersionId ? [s.lastVersionId] : []));
        const versions = versionIds.length
          ? await ctx.prisma.openAPISpecVersion.findMany({ where: { id: { in: versionIds } }, select: { id: true, document: true } })
          : [];
        const documentOf = new Map(versions.map((v) => [v.id, v.document as Record<string, any>]));
        return keys.map(([spaceId, ref]) => {
          const spec = specs.find((s) => s.organizationId === orgOf.get(spaceId) && (s.slug === ref || s.id === ref));
          return spec ? { spec, document: (spec.lastVersionId && documentOf.get(spec.lastVersionId)) || null } : null;
        });
      },
      { cacheKeyFn },
    ),
);

// --- mdast builders --------------------------------------------------------
const text = (value: string): PhrasingContent => ({ type: 'text', value });
const code = (value: string): PhrasingContent => ({ type: 'inlineCode', value });
const heading = (depth: 1 | 2 | 3, ...children: PhrasingContent[]): Heading => ({ type: 'heading', depth, children });
const paragraph = (...children: PhrasingContent[]): Paragraph => ({ type: 'paragraph', children });
const row = (cells: PhrasingContent[][]): TableRow => ({
  type: 'tableRow',
  children: cells.map((children) => ({ type: 'tableCell', children })),
});
const table = (header: string[], rows: PhrasingContent[][][]): Table => ({
  type: 'table',
  align: header.map(() => null),
  children: [row(header.map((h) => [text(h)])), ...rows.map(row)],
});
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const oneLine = (v: unknown) => str(v).replace(/\s*\n\s*/g, ' ');

function schemaType(schema: unknown): string {
  if (!isRecord(schema)) return '';
  if (schema.type === 'array') return `array of ${schemaType(schema.items) || 'any'}`;
  if (typeof schema.type === 'string') return schema.format ? `${schema.type} (${schema.format})` : schema.type;
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  if (typeof schema.$ref === 'string') return schema.$ref.split('/').at(-1)!;
  if (schema.properties) return 'object';
  return '';
}

interface Operation {
  method: string;
  path: string;
  op: Record<string, any>;
  shared: unknown[];
}

function operationsOf(document: Record<string, any>): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(isRecord(document.paths) ? document.paths : {})) {
    if (!isRecord(item)) continue;
    for (const method of METHODS)
      if (isRecord(item[method]))
        out.push({ method, path, op: item[method], shared: Array.isArray(item.parameters) ? item.parameters : [] });
  }
  return out;
}

function operationSection({ method, path, op, shared }: Operation): RootContent[] {
  const nodes: RootContent[] = [heading(2, code(method.toUpperCase()), text(' '), code(path))];
  if (op.summary) nodes.push(paragraph({ type: 'strong', children: [text(oneLine(op.summary))] }));
  if (op.description) nodes.push(paragraph(text(str(op.description))));
  if (op.deprecated) nodes.push(paragraph({ type: 'emphasis', children: [text('Deprecated.')] }));
  const parameters = [...shared, ...(Array.isArray(op.parameters) ? op.parameters : [])].filter(isRecord);
  if (parameters.length) {
    nodes.push(heading(3, text('Parameters')));
    nodes.push(
      table(
        ['Name', 'In', 'Type', 'Required', 'Description'],
        parameters.map((p) => [
          [code(str(p.name))],
          [text(str(p.in))],
          [text(schemaType(p.schema))],
          [text(p.required ? 'yes' : 'no')],
          [text(oneLine(p.description))],
        ]),
      ),
    );
  }
  if (isRecord(op.requestBody)) {
    nodes.push(heading(3, text('Request body')));
    const media = Object.entries(isRecord(op.requestBody.content) ? op.requestBody.content : {});
    nodes.push(
      table(
        ['Content type', 'Schema', 'Required'],
        media.map(([type, m]) => [[code(type)], [text(schemaType((m as any)?.schema))], [text(op.requestBody.required ? 'yes' : 'no')]]),
      ),
    );
  }
  const responses = Object.entries(isRecord(op.responses) ? op.responses : {});
  if (responses.length) {
    nodes.push(heading(3, text('Responses')));
    nodes.push(
      table(
        ['Status', 'Description', 'Content'],
        responses.map(([status, r]) => [
          [code(status)],
          [text(oneLine((r as any)?.description))],
          [text(Object.keys(isRecord((r as any)?.content) ? (r as any).content : {}).join(', '))],
        ]),
      ),
    );
  }
  return nodes;
}

/** The Markdown of a computed page's spec document, as its props ask. */
export function renderOpenAPIMarkdown(document: Record<string, any>, props: OpenAPIComputed['props']): string {
  const info = isRecord(document.info) ? document.info : {};
  const children: RootContent[] = [];
  const infoSection = () => {
    children.push(heading(1, text(`${str(info.title) || 'API'}${info.version ? ` ${info.version}` : ''}`)));
    if (info.description) children.push(paragraph(text(str(info.description))));
  };
  let operations = operationsOf(document);
  if (props.doc === 'info') infoSection();
  else if (props.doc === 'models') {
    const schemas = Object.entries(isRecord(document.components?.schemas) ? document.components.schemas : {});
    children.push(heading(1, text('Models')));
    children.push(
      table(
        ['Name', 'Type', 'Description'],
        schemas.map(([name, s]) => [[code(name)], [text(schemaType(s))], [text(oneLine((s as any)?.description))]]),
      ),
    );
  } else {
    if (props.doc === 'operation')
      operations = operations.filter((o) => o.path === props.page && (!props.method || o.method === props.method));
    else if ((props.doc === 'operations' || props.doc === 'tag') && props.page)
      operations = operations.filter((o) => Array.isArray(o.op.tags) && o.op.tags.includes(props.page));
    else infoSection();
    for (const operation of operations) children.push(...operationSection(operation));
  }
  return serializeMarkdown({ type: 'root', children } satisfies Root);
}

/**
 * The Markdown a page reads with: computed pages' rendered content (`computed`
 * true, the default), else the page's own. A spec not found or not processed
 * yet renders a short note saying so.
 */
export async function pageMarkdown(
  ctx: Context,
  page: { spaceId: string; markdown: string; computed: unknown },
  computed: boolean | null | undefined,
): Promise<string> {
  const definition = openAPIComputed(page.computed);
  if (!definition) return page.markdown;
  if (computed === false) return page.markdown;
  const loaded = await specLoader(ctx).load([page.spaceId, definition.spec]);
  if (!loaded)
    return serializeMarkdown({
      type: 'root',
      children: [paragraph({ type: 'emphasis', children: [text(`OpenAPI specification "${definition.spec}" not found.`)] })],
    });
  if (!loaded.document)
    return serializeMarkdown({
      type: 'root',
      children: [paragraph({ type: 'emphasis', children: [text(`OpenAPI specification "${loaded.spec.slug}" is not processed yet.`)] })],
    });
  return renderOpenAPIMarkdown(loaded.document, definition.props);
}
