// Applying a built-in template: its pages are appended to the root of the
// space's main content (a new revision on the main line, under the space row
// lock that merges take too) or, given a change request, to the change
// request's line (under its row lock) — the commit path of every page write.
import type { Context } from '../../context.js';
import {
  advanceMainLine,
  commitRevision,
  newPageNode,
  cloneTree,
  parseMarkdowns,
  type Parses,
  emptyContent,
  fetchTreesFrom,
  readTree,
  type PageNode,
} from '../revisions/index.js';
import { requireActor } from '../../context.js';
import { badRequest } from '../../errors.js';
import type { Tx } from '../../db/tx.js';
import { readFileSet } from '../files/fileSets.js';
import { loadChangeRequest } from '../changeRequests/service.js';
import { templateById, type SpaceTemplateDefinition, type TemplatePage } from './catalogue.js';
import { mainLineSpace } from '../changeRequests/merging.js';
import { transactionWithRetry } from '../../db/retry.js';

const FILE_ID = /^[A-Za-z0-9_-]{1,100}$/;

export interface ApplyTemplateInput {
  id: string;
  params?: unknown;
  changeRequestId?: string | null;
}

/** `params.contentRefs` checked against the template's slots: name → file id. */
export function resolveContentRefs(template: SpaceTemplateDefinition, params: unknown): Map<string, string> {
  if (params != null && (typeof params !== 'object' || Array.isArray(params))) throw badRequest('must be an object', 'params');
  const refs = (params as { contentRefs?: unknown } | null)?.contentRefs ?? {};
  if (typeof refs !== 'object' || refs === null || Array.isArray(refs))
    throw badRequest('must be an object of name → {kind: "file", file}', 'params.contentRefs');
  const files = new Map<string, string>();
  for (const [name, ref] of Object.entries(refs)) {
    const at = `params.contentRefs.${name}`;
    if (!template.contentRefs.some((s) => s.name === name)) {
      throw badRequest(
        `is not a content reference of template "${template.id}" (${template.contentRefs.map((s) => s.name).join(', ') || 'it takes none'})`,
        at,
      );
    }
    const { kind, file } = (ref ?? {}) as { kind?: unknown; file?: unknown };
    if (kind !== 'file') throw badRequest('must be a file reference ({kind: "file", file})', `${at}.kind`);
    if (typeof file !== 'string' || !FILE_ID.test(file)) throw badRequest('must be a file id', `${at}.file`);
    files.set(name, file);
  }
  for (const slot of template.contentRefs)
    if (slot.required && !files.has(slot.name)) throw badRequest('is required by this template', `params.contentRefs.${slot.name}`);
  return files;
}

/** `{{ref:<name>|<text>}}` lines: the reference to the file (`text` + `(files/<id>)`), or nothing. */
const fillRefs = (markdown: string, files: Map<string, string>) =>
  markdown.replace(/^\{\{ref:([a-z]+)\|(.*)\}\}\n?/gm, (_, name: string, text: string) =>
    files.has(name) ? `${text}(files/${files.get(name)})\n` : '',
  );

/** A slug free among `siblings`: the template's, or with "-2", "-3"… */
function freeSlug(siblings: PageNode[], wanted: string) {
  let slug = wanted;
  for (let n = 2; siblings.some((s) => s.slug === slug); n++) slug = `${wanted}-${n}`;
  return slug;
}

async function templateNodes(
  tx: Tx,
  space: { id: string; organizationId: string },
  pages: TemplatePage[],
  siblings: PageNode[],
  files: Map<string, string>,
  now: Date,
  parses: Parses,
) {
  const made: PageNode[] = [];
  for (const page of pages) {
    const content = {
      ...emptyContent(page.title),
      emoji: page.emoji ?? null,
      description: page.description ?? null,
      markdown: fillRefs(page.markdown, files),
    };
    const node = await newPageNode(tx, space, content, freeSlug([...siblings, ...made], page.slug), now, { parses });
    node.children = await templateNodes(tx, space, page.pages ?? [], [], files, now, parses);
    made.push(node);
  }
  return made;
}

/** The page tree the template is added to, once every referenced file is one this content holds (its revision's file set). */
async function contentToExtend(tx: Tx, spaceId: string, revisionId: string, files: Map<string, string>) {
  const revision = await tx.revision.findUniqueOrThrow({ where: { id: revisionId }, select: { tree: true, fileSet: true } });
  if (files.size > 0) {
    const held = new Set(await readFileSet(tx, spaceId, revision.fileSet));
    for (const [name, file] of files)
      if (!held.has(file)) throw badRequest('is not a file of this content (upload it first)', `params.contentRefs.${name}.file`);
  }
  return cloneTree(await readTree(fetchTreesFrom(tx), spaceId, revision.tree));
}

export async function applyTemplate(ctx: Context, spaceId: string, input: ApplyTemplateInput) {
  const actor = requireActor(ctx);
  const template = templateById(input.id);
  if (!template) throw badRequest('is not the id of a template (see the spaceTemplates query)', 'id');
  const files = resolveContentRefs(template, input.params);
  // The pages' Markdown is parsed before the transaction (their documents are stored with them).
  const filled = (pages: TemplatePage[]): string[] => pages.flatMap((p) => [fillRefs(p.markdown, files), ...filled(p.pages ?? [])]);
  const parses = await parseMarkdowns(ctx.compute, filled(template.pages), ctx.contentLimits);
  return transactionWithRetry(ctx.prisma, async (tx) => {
    const now = ctx.clock.now();
    if (input.changeRequestId != null) {
      const { space, cr } = await loadChangeRequest(ctx, tx, spaceId, input.changeRequestId, 'editContent', { lock: true });
      const pages = await contentToExtend(tx, space.id, cr.revisionId, files);
      pages.push(...(await templateNodes(tx, space, template.pages, pages, files, now, parses)));
      const revisionId = await commitRevision(tx, space, {
        parents: [cr.revisionId],
        changeRequestId: cr.id,
        createdById: actor.userId,
        pages,
      });
      await tx.changeRequest.update({ where: { id: cr.id }, data: { revisionId } });
      return revisionId;
    }
    // Under the space row lock (main-line writes each build on the last one's revision) and the rules of merges.
    const space = await mainLineSpace(ctx, tx, spaceId);
    const pages = await contentToExtend(tx, space.id, space.revisionId, files);
    pages.push(...(await templateNodes(tx, space, template.pages, pages, files, now, parses)));
    const revisionId = await commitRevision(tx, space, { parents: [space.revisionId], createdById: actor.userId, pages });
    await advanceMainLine(tx, space.id, revisionId);
    return revisionId;
  });
}
