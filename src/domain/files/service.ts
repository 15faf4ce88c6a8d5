// Files of revisions: reads (a revision's files, one file, its signed download
// URL), and writes (upload, removal) that make a new revision of a change
// request, or of the space's main line for those who may write it directly.
import { advanceMainLine, commitRevision, type RevisionRef } from '../revisions/index.js';
import { imageSize } from 'image-size';
import type { Context } from '../../context.js';
import { requireActor } from '../../context.js';
import { badRequest, notFound } from '../../errors.js';
import type { File, Space } from '../../generated/prisma/client.js';
import type { Tx } from '../../db/tx.js';
import { newId } from '../../ids.js';
import { checkLength } from '../../validate.js';
import { loadChangeRequest } from '../changeRequests/service.js';
import { mainLineSpace } from '../changeRequests/merging.js';
import { readFileSet, writeFileSet } from './fileSets.js';
import { openUpload, type Upload } from './uploadStream.js';

export type { Upload };
import { transactionWithRetry } from '../../db/retry.js';
import { fileLoader, fileSetLoader, revisionFileSetLoader } from './loaders.js';

/**
 * Download links of file reads last five minutes: a link is a bearer credential, and
 * outlives the reader's access (or the space's move) by at most that long.
 */
export const FILE_URL_TTL_SECONDS = 300;

/**
 * Whether a stored blob is still served through its signed links: its space is live
 * (not deleted) and, for an uploaded file, the file still exists. Keys name their
 * space: `spaces/<spaceId>/files/<fileId>` (uploads), `exports/<spaceId>/…` (PDFs).
 */
export async function blobStillServed(prisma: Context['prisma'], key: string): Promise<boolean> {
  const upload = /^spaces\/([^/]+)\/files\/([^/]+)$/.exec(key);
  if (upload) return (await prisma.file.count({ where: { spaceId: upload[1], id: upload[2], space: { deletedAt: null } } })) > 0;
  const spaceId = /^exports\/([^/]+)\//.exec(key)?.[1];
  // Keys of no space (none are signed today) have nothing to check.
  return spaceId === undefined || (await prisma.space.count({ where: { id: spaceId, deletedAt: null } })) > 0;
}

// Reads ---------------------------------------------------------------------

/** The ids of a revision's files (batched with other revisions': one statement for the sets). */
export async function revisionFileIds(ctx: Context, revision: RevisionRef): Promise<Set<string>> {
  const fileSet = revision.fileSet !== undefined ? revision.fileSet : await revisionFileSetLoader(ctx).load(revision.id);
  return new Set(fileSet ? await fileSetLoader(ctx).load([revision.spaceId, fileSet]) : []);
}

/** The files of a revision, oldest upload first (two statements for any number of revisions asked together). */
export async function revisionFiles(ctx: Context, revision: RevisionRef): Promise<File[]> {
  const fileSet = revision.fileSet !== undefined ? revision.fileSet : await revisionFileSetLoader(ctx).load(revision.id);
  if (!fileSet) return [];
  const ids = await fileSetLoader(ctx).load([revision.spaceId, fileSet]);
  const rows = await fileLoader(ctx).loadMany(ids.map((id) => [revision.spaceId, id] as const));
  return rows
    .filter((row): row is File => row !== null && !(row instanceof Error))
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
}

/** One file of a revision; NOT_FOUND when the revision does not hold it. */
export async function revisionFile(ctx: Context, revision: RevisionRef, fileId: string): Promise<File> {
  const file = (await revisionFiles(ctx, revision)).find((f) => f.id === fileId);
  if (!file) throw notFound('File');
  return file;
}

/** An expiring URL Quire serves the file's bytes at (src/http/files.ts), downloaded under its name. */
export const downloadUrl = (ctx: Context, file: Pick<File, 'blobKey' | 'name'>) =>
  ctx.files.signer.sign(file.blobKey, FILE_URL_TTL_SECONDS, file.name);

// Upload checks ---------------------------------------------------------------

const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;
const IMAGE_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
  cur: 'image/x-icon',
  tiff: 'image/tiff',
  psd: 'image/vnd.adobe.photoshop',
  j2c: 'image/jp2',
  jp2: 'image/jp2',
};

export function checkFileName(name: string, field = 'name') {
  checkLength(field, name, 1, 255);
  if (/[/\\\u0000-\u001f\u007f]/.test(name)) throw badRequest('must not hold slashes or control characters', field);
  return name;
}

/** Images are recognised by their bytes (type and dimensions); anything else keeps the part's declared type. */
export function describeFile(
  data: Buffer,
  declaredType: string,
): { contentType: string; dimensions: { width: number; height: number } | null } {
  try {
    const image = imageSize(data);
    if (image.width && image.height && image.type)
      return { contentType: IMAGE_TYPES[image.type] ?? `image/${image.type}`, dimensions: { width: image.width, height: image.height } };
  } catch {
    // not an image image-size knows
  }
  const declared = declaredType.split(';')[0]!.trim().toLowerCase();
  return { contentType: MIME.test(declared) ? declared : 'application/octet-stream', dimensions: null };
}

// Writes --------------------------------------------------------------------

/** Where a file write goes: a change request (id or number), or the space's main line when absent. */
export interface FileTarget {
  spaceId: string;
  changeRequestId?: string | null;
}

export interface FileWriteResult {
  revision: string;
  changeRequestId: string | null;
  spaceId: string;
}

/**
 * Checks the caller may write files at `target` (before any byte is stored),
 * then, in one transaction under the change request's (or the space's) row
 * lock, applies `edit` to the current file ids and commits a new revision.
 * Racing writes queue on the lock, so each builds on the last one's revision.
 */
async function writeFiles(
  ctx: Context,
  target: FileTarget,
  edit: (tx: Tx, space: Space, files: string[]) => Promise<string[]>,
): Promise<FileWriteResult> {
  const actor = requireActor(ctx);
  return transactionWithRetry(ctx.prisma, async (tx) => {
    const { space, cr } = target.changeRequestId
      ? await loadChangeRequest(ctx, tx, target.spaceId, target.changeRequestId, 'editContent', { lock: true })
      : { space: await mainLineSpace(ctx, tx, target.spaceId), cr: null };
    const parent = cr?.revisionId ?? space.revisionId;
    const current = await tx.revision.findUniqueOrThrow({ where: { id: parent }, select: { tree: true, fileSet: true } });
    const files = await edit(tx, space, await readFileSet(tx, space.id, current.fileSet));
    const revision = await commitRevision(tx, space, {
      parents: [parent],
      changeRequestId: cr?.id ?? null,
      createdById: actor.userId,
      pages: { tree: current.tree },
      fileSet: await writeFileSet(tx, space, files),
    });
    if (cr) await tx.changeRequest.update({ where: { id: cr.id }, data: { revisionId: revision } });
    else await advanceMainLine(tx, space.id, revision);
    return { revision, changeRequestId: cr?.id ?? null, spaceId: space.id };
  });
}

/** A target the caller may write, checked without locking (so no byte is stored for a caller who may not). */
async function checkWritable(ctx: Context, target: FileTarget) {
  if (target.changeRequestId) return void (await loadChangeRequest(ctx, ctx.prisma, target.spaceId, target.changeRequestId, 'editContent'));
  await ctx.prisma.$transaction((tx) => mainLineSpace(ctx, tx, target.spaceId));
}

export interface UploadInput extends FileTarget {
  file: Upload;
  /** File name (default: the part's file name). */
  name?: string | null;
}

/** Stores an uploaded file and adds it to the target's content: a new revision. */
export async function uploadFile(ctx: Context, input: UploadInput): Promise<FileWriteResult & { file: File }> {
  const actor = requireActor(ctx);
  const name = checkFileName(input.name ?? input.file.name ?? '', input.name != null ? 'name' : 'file');
  await checkWritable(ctx, input);
  const upload = await openUpload(input.file, ctx.files.maxUploadBytes);
  const { contentType, dimensions } = describeFile(upload.head, input.file.type);
  const id = newId('File');
  const blobKey = `spaces/${input.spaceId}/files/${id}`;
  await ctx.files.store.put(blobKey, upload.body, contentType, input.file.size);
  const { size, sha256 } = upload.counted();
  let file: File | undefined;
  const result = await writeFiles(ctx, input, async (tx, space, files) => {
    file = await tx.file.create({
      data: {
        id,
        spaceId: space.id,
        organizationId: space.organizationId,
        name,
        contentType,
        size,
        width: dimensions?.width ?? null,
        height: dimensions?.height ?? null,
        sha256,
        blobKey,
        uploadedById: actor.userId,
      },
    });
    return [...files, id];
  });
  return { ...result, file: file! };
}

/** Removes a file from the target's content (a new revision; earlier revisions keep it). */
export async function removeFile(ctx: Context, input: FileTarget & { fileId: string }): Promise<FileWriteResult> {
  return writeFiles(ctx, input, async (_tx, _space, files) => {
    if (!files.includes(input.fileId)) throw notFound('File');
    return files.filter((f) => f !== input.fileId);
  });
}
