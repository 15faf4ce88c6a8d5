// Reusable contents of a revision (GET /spaces/{spaceId}/revisions/{revisionId}/
// reusable-contents/{reusableContentId}[/document]). Quire's content model has
// none: a revision is a page tree (PageTree and PageVersion objects, revisions/objects.ts)
// whose pages hold their own documents, with no block shared between pages or
// spaces — `Revision.reusableContents` is always empty. So every id names a
// reusable content that does not exist: the answer is the documented 404,
// after the space was authorized (Space's own rules) and the revision found in
// that space (`Space.revisionById`), so nothing about other spaces is revealed.
import { builder } from '../../schema/builder.js';
import { notFound } from '../../errors.js';
import { RevisionRefType } from '../revisions/schema.js';

interface ReusableContent {
  id: string;
  title: string;
  document: string | null;
}

const RevisionReusableContentRef = builder.objectRef<ReusableContent>('RevisionReusableContent').implement({
  description: 'A block of content shared by pages. Quire has none yet: see Revision.reusableContent.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the reusable content.' }),
    title: t.exposeString('title', { description: 'Its title.' }),
    document: t.exposeString('document', { nullable: true, description: 'Id of the document holding its body.' }),
  }),
});

/** The revision holds no reusable content of this id (it holds none at all: see above). */
const absent = (id: string | number) => notFound(`Reusable content ${String(id).slice(0, 64)}`);

builder.objectFields(RevisionRefType, (t) => ({
  reusableContent: t.field({
    type: RevisionReusableContentRef,
    description: "One reusable content of the revision, by id. Quire's content model has none: always NOT_FOUND.",
    args: { id: t.arg.id({ required: true, description: 'Id of the reusable content.' }) },
    resolve: (_revision, args) => {
      throw absent(args.id);
    },
  }),
  reusableContentDocument: t.field({
    type: 'JSON',
    description: "The document of one reusable content of the revision. Quire's content model has none: always NOT_FOUND.",
    args: { id: t.arg.id({ required: true, description: 'Id of the reusable content.' }) },
    resolve: (_revision, args) => {
      throw absent(args.id);
    },
  }),
}));
