// A translation run, on the durable job queue: the source space's active
// revision is translated page by page into the result space (created on the
// first run, in the source's organization and collection; later runs add a
// revision to it through the commit path). Incremental: `versionMap` maps each
// source page version hash already translated to its translated version hash,
// so a page whose content did not change since the last run is not sent again.
// Page ids of the result are stable across runs (`pageMap`).
// `status` moves pending → running → completed; `stats` count what was sent.
// Transient provider failures (timeouts, 5xx, unreachable) are retried by the
// queue with backoff; a refusal, a source gone, or the last attempt's failure
// ends the run `completed` with `lastRunError` (the public API has no failed state).
import { randomBytes } from 'node:crypto';
import {
  advanceMainLine,
  commitRevision,
  fetchTreesFrom,
  readTree,
  readVersions,
  treeObjects,
  writeVersion,
  type PageContent,
  type PageNode,
} from '../revisions/index.js';
import { performance } from 'node:perf_hooks';
import { Prisma, type PrismaClient, type Translation } from '../../generated/prisma/client.js';
import { newId } from '../../ids.js';
import { FetchError } from '../../net/fetch.js';
import { lockContentTrees } from '../content/treeLock.js';
import { sortKeyAt } from '../content/position.js';
import { visibilityUnder } from '../content/placement.js';
import type { PubSub } from '../../events.js';
import type { Clock } from '../../clock.js';
import type { Logger } from '../../logging/logger.js';
import { ProviderRejection, type TranslationProvider } from './providers.js';
import { pageTextsTask, translatedPageTask } from './pageTextTasks.js';
import { computeTask, type ComputePool } from '../../compute/pool.js';
import { lockSpace } from '../spaces/locks.js';

export const RUN_TRANSLATION = 'translation.run';
const TITLE_MAX = 50;

export interface RunTranslationData {
  translationId: string;
}

/** What a run needs (src/jobs/translations.ts passes it). */
export interface TranslationRunDeps {
  prisma: PrismaClient;
  pubsub: PubSub;
  clock: Clock;
  logger: Logger;
  /** Translates the texts (LibreTranslate, or the built-in pseudo-localisation). */
  translator: TranslationProvider;
  /** Worker threads for the pages' Markdown; without one (a test's job services) it runs inline. */
  compute?: ComputePool;
}

const textsOf = computeTask<typeof pageTextsTask>(import.meta.url, './pageTextTasks', 'pageTextsTask');
const translatedPage = computeTask<typeof translatedPageTask>(import.meta.url, './pageTextTasks', 'translatedPageTask');

type Db = PrismaClient;
type Space = { id: string; organizationId: string };

class RunFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const transient = (err: unknown) =>
  err instanceof FetchError
    ? err.code === 'TIMEOUT' || err.code === 'UNREACHABLE' || (err.code === 'HTTP_STATUS' && (err.status! >= 500 || err.status === 429))
    : !(err instanceof ProviderRejection || err instanceof RunFailure);

function announce(services: TranslationRunDeps, translationId: string, spaceId?: string | null) {
  services.pubsub.publish('translationChanged', translationId, { translationId });
  if (spaceId) services.pubsub.publish('spaceChanged', spaceId, { spaceId });
}

/** The result space: the one of earlier runs if it is still there, else a new one beside the source. */
async function resultSpace(
  db: Db,
  translation: Translation,
  source: { id: string; organizationId: string; parentId: string | null; title: string; memberLevel: string; defaultLevel: string },
) {
  if (translation.resultSpaceId) {
    const existing = await db.space.findFirst({
      where: { id: translation.resultSpaceId, deletedAt: null },
      select: { id: true, organizationId: true },
    });
    if (existing) return { space: existing, fresh: false };
  }
  const id = newId('Space');
  const revisionId = newId('Revision');
  await db.$transaction(async (tx) => {
    await lockContentTrees(tx, [source.organizationId]); // the siblings' sort keys stay as read
    await tx.space.create({
      data: {
        id,
        organizationId: source.organizationId,
        parentId: source.parentId,
        title: `${source.title} (${translation.language})`.slice(0, TITLE_MAX),
        language: translation.language,
        visibility: visibilityUnder('private', source.parentId),
        memberLevel: source.memberLevel,
        defaultLevel: source.defaultLevel,
        shareKey: randomBytes(24).toString('base64url'),
        revisionId,
        sortKey: await sortKeyAt(tx, source.organizationId, source.parentId, id),
      },
    });
    await commitRevision(tx, { id, organizationId: source.organizationId }, { id: revisionId, parents: [], pages: [] });
    // Saved at once: a retried attempt fills this space rather than making another.
    await tx.translation.update({ where: { id: translation.id }, data: { resultSpaceId: id } });
  });
  return { space: { id, organizationId: source.organizationId }, fresh: true };
}

interface Progress {
  pagesSent: number;
  words: number;
}

/** Translates the pages whose version is not in `versionMap` yet; answers the result's tree. */
async function translatePages(
  services: TranslationRunDeps,
  translation: Translation,
  source: Space,
  target: Space,
  pages: PageNode[],
  signal: AbortSignal,
) {
  const { prisma, translator, compute } = services;
  const versionMap = { ...(translation.versionMap as Record<string, string>) };
  const pageMap = { ...(translation.pageMap as Record<string, string>) };
  const all: PageNode[] = [];
  const collect = (nodes: PageNode[]) => nodes.forEach((n) => (all.push(n), collect(n.children)));
  collect(pages);
  const sourceVersions = await readVersions(
    prisma,
    source.id,
    all.map((n) => n.version),
  );
  // Translations of earlier runs count only if the result space still holds them.
  const known = await readVersions(prisma, target.id, all.map((n) => versionMap[n.version]).filter(Boolean));
  const instructions = instructionsText(translation.instructions);
  const progress: Progress = { pagesSent: 0, words: 0 };

  for (const hash of new Set(all.map((n) => n.version))) {
    if (versionMap[hash] && known.has(versionMap[hash])) continue;
    signal.throwIfAborted();
    const content = sourceVersions.get(hash);
    if (!content) throw new RunFailure('SOURCE_INCOMPLETE', `page version ${hash} of the source is missing`);
    const { hash: _hash, ...own } = content as PageContent & { hash: string };
    const texts = compute ? await compute.run(textsOf, own) : pageTextsTask(own);
    let translated: PageContent = own;
    if (texts.texts.length > 0) {
      const answer = await translator.translate({
        texts: texts.texts,
        source: translation.sourceLanguage,
        target: translation.language,
        instructions,
        signal,
      });
      progress.pagesSent += 1;
      progress.words += texts.words;
      translated = compute
        ? await compute.run(translatedPage, { content: own, translated: answer })
        : translatedPageTask({ content: own, translated: answer });
    }
    versionMap[hash] = await writeVersion(prisma, target, pickContent(translated));
  }

  const mirror = (nodes: PageNode[]): PageNode[] =>
    nodes.map((n) => ({ ...n, id: (pageMap[n.id] ??= newId('Page')), version: versionMap[n.version], children: mirror(n.children) }));
  return { tree: mirror(pages), versionMap, pageMap, progress };
}

const pickContent = (c: PageContent): PageContent => ({
  type: c.type,
  title: c.title,
  emoji: c.emoji,
  icon: c.icon,
  description: c.description,
  markdown: c.markdown,
  hidden: c.hidden,
  noIndex: c.noIndex,
  noRobotsIndex: c.noRobotsIndex,
  layout: c.layout,
  cover: c.cover,
  variables: c.variables,
  computed: c.computed,
});

/** The instructions document's text (its leaves), for providers that take instructions. */
function instructionsText(document: Prisma.JsonValue): string {
  const texts: string[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      const n = node as Record<string, unknown>;
      if (typeof n.text === 'string') texts.push(n.text);
      Object.values(n).forEach(walk);
    }
  };
  walk(document);
  return texts.join(' ').trim();
}

async function run(services: TranslationRunDeps, translationId: string, signal: AbortSignal) {
  const { prisma } = services;
  const started = performance.now();
  const translation = await prisma.translation.findUnique({ where: { id: translationId } });
  if (!translation) return; // deleted meanwhile
  const source = await prisma.space.findFirst({
    where: { id: translation.sourceSpaceId, deletedAt: null },
    select: { id: true, organizationId: true, parentId: true, title: true, memberLevel: true, defaultLevel: true, revisionId: true },
  });
  if (!source) throw new RunFailure('SOURCE_GONE', 'The source space no longer exists');
  const revision = await prisma.revision.findUniqueOrThrow({ where: { id: source.revisionId }, select: { tree: true } });
  const pages = await readTree(fetchTreesFrom(prisma), source.id, revision.tree);
  const { space: target } = await resultSpace(prisma, translation, source);
  const fresh = await prisma.translation.findUniqueOrThrow({ where: { id: translationId } });
  const { tree, versionMap, pageMap, progress } = await translatePages(services, fresh, source, target, pages, signal);

  const revisionId = await prisma.$transaction(async (tx) => {
    // The result space's line is locked: an edit made there meanwhile is the new revision's parent.
    await lockSpace(tx, target.id);
    const current = await tx.space.findUniqueOrThrow({ where: { id: target.id }, select: { revisionId: true } });
    const head = await tx.revision.findUniqueOrThrow({ where: { id: current.revisionId }, select: { id: true, tree: true } });
    const unchanged = treeObjects(tree).root === head.tree;
    const id = unchanged ? head.id : await commitRevision(tx, target, { parents: [head.id], pages: tree });
    if (!unchanged) await advanceMainLine(tx, target.id, id);
    const ms = Math.round(performance.now() - started);
    await tx.translation.updateMany({
      where: { id: translationId },
      data: {
        status: 'completed',
        resultRevisionId: id,
        versionMap,
        pageMap,
        runs: { increment: 1 },
        totalPages: Object.keys(pageMap).length,
        totalWords: { increment: progress.words },
        totalDurationMs: { increment: ms },
        latestRunDurationMs: ms,
        latestPages: progress.pagesSent,
        latestWords: progress.words,
        provider: services.translator.name,
        lastRunError: Prisma.DbNull,
        lastRunAt: services.clock.now(),
      },
    });
    return id;
  });
  services.logger.info({ translationId, revisionId, pages: progress.pagesSent, words: progress.words }, 'translation run completed');
  announce(services, translationId, target.id);
}

async function recordFailure(services: TranslationRunDeps, translationId: string, err: Error) {
  const code =
    err instanceof RunFailure || err instanceof ProviderRejection ? err.code : err instanceof FetchError ? err.code : 'PROVIDER_ERROR';
  await services.prisma.translation.updateMany({
    where: { id: translationId },
    data: {
      status: 'completed',
      lastRunError: { code, message: err.message },
      lastRunAt: services.clock.now(),
      provider: services.translator.name,
    },
  });
  announce(services, translationId);
}

/**
 * One run of a translation. A transient failure throws unless `finalAttempt`
 * or the run was stopped (the queue retries); any other failure ends the run
 * `completed` with `lastRunError`.
 */
export async function runTranslation(
  services: TranslationRunDeps,
  translationId: string,
  { signal, finalAttempt }: { signal: AbortSignal; finalAttempt: boolean },
) {
  const moved = await services.prisma.translation.updateMany({ where: { id: translationId }, data: { status: 'running' } });
  if (moved.count === 0) return;
  announce(services, translationId);
  try {
    await run(services, translationId, signal);
  } catch (err) {
    if (signal.aborted || (transient(err) && !finalAttempt)) throw err; // the queue retries it
    await recordFailure(services, translationId, err as Error);
  }
}
