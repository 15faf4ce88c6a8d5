// Files in GraphQL: the `File` upload scalar (GraphQL multipart requests), the
// RevisionFile type, a revision's files (all, a page of them, one), one revision
// of a space by id, the upload and removal mutations, and PDF exports.
import { builder } from '../../schema/builder.js';
import { noteAudience } from '../../context.js';
import { isPublicContent } from '../../policy/published.js';
import { badRequest, notFound } from '../../errors.js';
import type { File } from '../../generated/prisma/client.js';
import { arrayConnection, nodeConnection } from '../../schema/connections.js';
import { GitBlob, RevisionRefType, revisionValue, revisionViewArgs, type PageView, type RevisionValue } from '../revisions/schema.js';
import { pageView } from '../changeRequests/schema.js';
import { findChangeRequest } from '../changeRequests/service.js';
import { downloadUrl, removeFile, revisionFile, revisionFiles, uploadFile, type FileWriteResult, type Upload } from './service.js';
import { revisionPdf, type PdfSelection } from './pdfExports.js';

const isUpload = (value: unknown): value is Upload =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Upload).stream === 'function' &&
  typeof (value as Upload).name === 'string';

export const FileScalar = builder.scalarType('File', {
  description: 'A file sent with the request, per the GraphQL multipart request specification (input only).',
  serialize: () => {
    throw new Error('File is an input type');
  },
  parseValue: (value) => {
    if (!isUpload(value)) throw badRequest('must be a file part of a multipart request', 'file');
    return value as never;
  },
});

type FileValue = File & { view?: PageView };
const withView =
  (revision: RevisionValue) =>
  (file: File): FileValue => ({ ...file, view: revision.view });

const FileDimensions = builder.simpleObject('FileDimensions', {
  description: 'Pixel dimensions of an image.',
  fields: (t) => ({ width: t.int({ description: 'Width in pixels.' }), height: t.int({ description: 'Height in pixels.' }) }),
});

export const RevisionFileRef = builder.objectRef<FileValue>('RevisionFile').implement({
  description: 'A file of a revision (an image or any other attachment).',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the file (the same in every revision holding it).' }),
    name: t.exposeString('name', { description: 'File name.' }),
    contentType: t.exposeString('contentType', { description: 'Media type (sniffed from the bytes for images).' }),
    size: t.exposeInt('size', { description: 'Size in bytes.' }),
    dimensions: t.field({
      type: FileDimensions,
      nullable: true,
      description: 'Dimensions, for images.',
      resolve: (f) => (f.width != null && f.height != null ? { width: f.width, height: f.height } : null),
    }),
    downloadURL: t.string({
      description: 'URL of the bytes, signed: it works for five minutes, while the file and its space exist.',
      resolve: (f, _a, ctx) => downloadUrl(ctx, f),
    }),
    git: t.field({
      type: GitBlob,
      nullable: true,
      description: 'Where the file would sit in a Git repository (null when asked without metadata).',
      resolve: (f) => (f.view?.metadata === false ? null : { oid: f.sha256, path: `.gitbook/assets/${f.name}` }),
    }),
    uploaderId: t.exposeID('uploadedById', { nullable: true, description: 'Id of the user who uploaded it.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was uploaded.' }),
  }),
});

const RevisionFileConnection = nodeConnection(RevisionFileRef, 'RevisionFile', { items: 'files' });

builder.objectFields(RevisionRefType, (t) => ({
  files: t.field({
    type: [RevisionFileRef],
    description: 'Files of the revision, oldest upload first.',
    resolve: async (r, _a, ctx) => (await revisionFiles(ctx, r)).map(withView(r)),
  }),
  fileList: t.connection(
    {
      type: RevisionFileRef,
      description: 'Files of the revision, a page at a time (oldest upload first).',
      resolve: async (r, args, ctx) => arrayConnection(args, (await revisionFiles(ctx, r)).map(withView(r))),
    },
    RevisionFileConnection,
  ),
  file: t.field({
    type: RevisionFileRef,
    description: 'One file of the revision; NOT_FOUND when it holds none of that id.',
    args: { id: t.arg.id({ required: true, description: 'Id of the file.' }) },
    resolve: async (r, args, ctx) => withView(r)(await revisionFile(ctx, r, String(args.id))),
  }),
}));

builder.prismaObjectField('Space', 'revisionById', (t) =>
  t.field({
    type: RevisionRefType,
    description: 'One revision of the space (of its main line or of a change request), by id; NOT_FOUND otherwise.',
    args: { id: t.arg.id({ required: true, description: 'Id of the revision.' }), ...revisionViewArgs(t) },
    select: { id: true, visibility: true, shareKey: true, deletedAt: true },
    resolve: async (space, args, ctx) => {
      const revision = await revisionValue(ctx, String(args.id), pageView(args as never));
      if (revision.spaceId !== space.id) throw notFound('Revision');
      noteAudience(ctx, isPublicContent(space));
      return revision;
    },
  }),
);

// PDF exports ---------------------------------------------------------------

const PdfExport = builder.simpleObject('PdfExport', {
  description: 'A PDF of content.',
  fields: (t) => ({ url: t.string({ description: 'Where to download it: a signed URL that works for one hour.' }) }),
});

const pdfArgs = (t: { arg: any }) => ({
  page: t.arg.id({ description: 'Only this page and its subpages (all pages when absent).' }),
  only: t.arg.boolean({ description: 'With page: that page alone, without its subpages.' }),
});

builder.prismaObjectField('Space', 'pdf', (t) =>
  t.field({
    type: PdfExport,
    description: "A PDF of the space's current content (all pages, or one).",
    args: pdfArgs(t),
    select: { id: true, title: true, revisionId: true },
    resolve: async (space, args, ctx) =>
      revisionPdf(ctx, await revisionValue(ctx, space.revisionId), space.title || 'Untitled', args as PdfSelection),
  }),
);

builder.prismaObjectField('ChangeRequest', 'pdf', (t) =>
  t.field({
    type: PdfExport,
    description: "A PDF of the change request's content (all pages, or one).",
    args: pdfArgs(t),
    select: { revisionId: true, number: true, subject: true },
    resolve: async (cr, args, ctx) =>
      revisionPdf(ctx, await revisionValue(ctx, cr.revisionId), cr.subject || `Change request #${cr.number}`, args as PdfSelection),
  }),
);

// Mutations -----------------------------------------------------------------

const fileWriteOutputs = (t: any) => ({
  revision: t.id({ description: 'The new revision.', resolve: (p: FileWriteResult) => p.revision }),
  changeRequest: t.prismaField({
    type: 'ChangeRequest',
    nullable: true,
    description: 'The change request written, on its new revision (null for a main-line write).',
    resolve: (query: object, p: FileWriteResult, _a: unknown, ctx: never) =>
      p.changeRequestId ? findChangeRequest(ctx, p.spaceId, p.changeRequestId, query) : null,
  }),
});

builder.relayMutationField(
  'uploadFile',
  {
    description: 'Arguments of uploadFile (send as a GraphQL multipart request).',
    inputFields: (t) => ({
      spaceId: t.id({ required: true, description: 'Id of the space.' }),
      changeRequestId: t.id({
        description:
          "Id (or number) of the change request to add it to; absent: the space's main content (live-edit spaces, for those who may merge, without merge rules naming reviewers).",
      }),
      file: t.field({ type: FileScalar, required: true, description: 'The file (a multipart file part).' }),
      name: t.string({ description: "File name (default: the part's file name)." }),
    }),
  },
  {
    description:
      'Uploads a file into a change request, or into the main content: one new revision. Too large a file is a 413 (MAX_UPLOAD_BYTES).',
    resolve: (_root, { input }, ctx) =>
      uploadFile(ctx, {
        spaceId: String(input.spaceId),
        changeRequestId: input.changeRequestId == null ? null : String(input.changeRequestId),
        file: input.file as Upload,
        name: input.name,
      }),
  },
  {
    description: 'The result of uploadFile.',
    outputFields: (t) => ({
      file: t.field({ type: RevisionFileRef, description: 'The file.', resolve: (p) => p.file }),
      ...fileWriteOutputs(t),
    }),
  },
);

builder.relayMutationField(
  'removeFile',
  {
    description: 'Arguments of removeFile.',
    inputFields: (t) => ({
      spaceId: t.id({ required: true, description: 'Id of the space.' }),
      changeRequestId: t.id({
        description: "Id (or number) of the change request; absent: the space's main content (same rule as uploadFile).",
      }),
      fileId: t.id({ required: true, description: 'Id of the file.' }),
    }),
  },
  {
    description: 'Removes a file from a change request (or the main content): one new revision; earlier revisions keep it.',
    resolve: (_root, { input }, ctx) =>
      removeFile(ctx, {
        spaceId: String(input.spaceId),
        changeRequestId: input.changeRequestId == null ? null : String(input.changeRequestId),
        fileId: String(input.fileId),
      }),
  },
  { description: 'The result of removeFile.', outputFields: fileWriteOutputs },
);
