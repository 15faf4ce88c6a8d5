// The content store: a space's pages as git-like objects. A revision (written
// once) names the root PageTree of its pages; a PageTree lists the ordered
// children of one page; a PageVersion holds one page's own content, parsed once
// when stored. Both are content-addressed per space, so revisions share what
// they hold in common. Here: reading revisions, committing new ones, editing a
// tree in memory, three-way merges, the parses, and moving a space's main line.
//
// This file is the store's one entry for the rest of Quire (the rule
// `revisions-behind-its-facade` of .dependency-cruiser.cjs); beside it only the
// area's usual `schema.ts` (the GraphQL Revision and Page) and `loaders.ts`
// (the request's DataLoaders) are imported from outside.
export { commitRevision, copyPages, newPageNode } from './commit.js';
export { advanceMainLine, FOLLOW_MAIN_LINE, followMainLines } from './mainLine.js';
export { type MergeConflict, mergeTrees, textMergerOn } from './merge.js';
export {
  emptyContent,
  type FlatPage,
  fetchTreesFrom,
  flatten,
  type PageContent,
  type PageNode,
  type ParsedVersionRow,
  readTree,
  readVersions,
  type TreeEntry,
  type TreeFetcher,
  treeObjects,
  writeTree,
  writeVersion,
} from './objects.js';
export { type Parses, parseKey, parseMarkdowns, rememberParses, storedParses, storeMissingParses } from './parses.js';
export {
  flatPages,
  flattenResolved,
  pageOfRevision,
  type ResolvedPage,
  type RevisionRef,
  readRevisionPages,
  revisionPages,
  revisionTree,
} from './read.js';
export { checkSlugFree, childrenOf, cloneTree, insertAt, movePage, removePage, requirePage } from './treeEdits.js';
export { documentCache, pageTreeCache } from './cache.js';
