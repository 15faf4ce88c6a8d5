// The REST page tree: the operations read the pages as one flat list in tree
// order (GraphQL Revision.allPages, Page.descendants), each with its parentId;
// REST answers them nested in `pages`, at any depth. Nesting is presentation:
// which pages there are and their order are the GraphQL layer's.

type JsonSchema = Record<string, any>;
type PageNode = Record<string, unknown> & { id: string; parentId?: string };

/** The shared schema of a page with its subpages at any depth (components.schemas), the name the document always gave pages. */
const treeComponent = 'Page';
const treeRef = { $ref: `#/components/schemas/${treeComponent}` };

/**
 * `pages`, a flat tree-order list, as the tree under the answer: a page whose
 * parent is not in the list (none at the top level, or the page asked for) is
 * a child of the answer. Every page gets its `pages` (empty for a leaf) and loses `parentId`.
 */
export function nestPages<T extends { pages?: PageNode[] }>(answer: T): T {
  if (!Array.isArray(answer.pages)) return answer;
  const nodes = new Map<string, Record<string, unknown> & { pages: unknown[] }>();
  for (const { parentId: _parentId, ...page } of answer.pages) nodes.set(page.id, { ...page, pages: [] });
  const top: unknown[] = [];
  for (const page of answer.pages) {
    const parent = page.parentId === undefined ? undefined : nodes.get(page.parentId);
    (parent ? parent.pages : top).push(nodes.get(page.id));
  }
  return { ...answer, pages: top };
}

/**
 * The schema of nestPages' answer: `pages` items are the recursive Page
 * component, made from the flat page's schema (less parentId, plus its own
 * `pages`). An answer that is a component itself (Page, Revision) stays one.
 */
export function nestedPagesSchema(
  answer: JsonSchema,
  resolve: (schema: JsonSchema) => JsonSchema,
  components: Record<string, JsonSchema>,
): JsonSchema {
  const pages = answer.properties?.pages;
  if (!pages?.items) return answer;
  const own = Object.keys(components).find((name) => components[name] === answer);
  const node = resolve(pages.items);
  const { parentId: _parentId, ...properties } = node.properties ?? {};
  const subpages = { type: 'array', description: 'Subpages, in order.', items: treeRef };
  components[treeComponent] = {
    ...node,
    properties: { ...properties, pages: subpages },
    // A second tree route finds the component already made (with its `pages`): no duplicate.
    required: [...new Set([...(node.required ?? []).filter((k: string) => k !== 'parentId'), 'pages'])],
  };
  if (own === treeComponent) return treeRef;
  const nested = { ...answer, properties: { ...answer.properties, pages: { ...subpages, description: 'The page tree.' } } };
  if (!own) return nested;
  components[own] = nested;
  return { $ref: `#/components/schemas/${own}` };
}

/** Route options of the routes answering a page tree. */
export const pageTree = { single: nestPages, singleSchema: nestedPagesSchema } as const;
