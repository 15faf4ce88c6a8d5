// GraphQL enums whose internal values are the REST spellings ("share-link"):
// GraphQL shows SHARE_LINK, services and the database see "share-link", and the
// REST adapter converts between the two generically (src/rest/codec.ts).
import { builder } from './builder.js';
import { roles } from '../policy/roles.js';

const enumName = (value: string) =>
  value
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toUpperCase();

interface EnumValueConfig {
  value?: string;
  description: string;
}
/** The internal value of each configured name: its `value`, else the name itself. */
type InternalOf<V extends Record<string, EnumValueConfig>> = { [K in keyof V & string]: V[K] extends { value: infer I } ? I : K }[keyof V &
  string];

const isUpperCase = (name: string) => /^[A-Z][A-Z0-9_]*$/.test(name);

/**
 * An enum's values named in upper case (docs/graphql.md), its older lower- or
 * snake-case names kept beside them, deprecated: clients may send either. Listed
 * last, the old names stay what the schema answers (graphql-js writes a value by
 * the last name that has it), so no client reading them sees a change before they
 * are removed; REST is unchanged (it reads internal values, src/rest/codec.ts).
 */
export function withUpperCaseNames<const V extends Record<string, EnumValueConfig>>(
  values: V,
): Record<string, { value: InternalOf<V>; description: string; deprecationReason?: string }> {
  const current: Record<string, { value: InternalOf<V>; description: string }> = {};
  const deprecated: Record<string, { value: InternalOf<V>; description: string; deprecationReason: string }> = {};
  for (const [name, config] of Object.entries(values)) {
    const value = (config.value ?? name) as InternalOf<V>;
    const upper = enumName(name);
    current[upper] = { value, description: config.description };
    if (!isUpperCase(name)) deprecated[name] = { value, description: config.description, deprecationReason: `Use ${upper}.` };
  }
  return { ...current, ...deprecated };
}

/** An enum whose values are REST spellings, each described (docs/graphql.md). */
export function restEnum<const V extends string>(
  name: string,
  values: readonly V[],
  description: string,
  valueDescriptions: Record<V, string>,
) {
  return builder.enumType(name, {
    description,
    values: Object.fromEntries(values.map((v) => [enumName(v), { value: v, description: valueDescriptions[v] }])) as Record<
      string,
      { value: V }
    >,
  });
}

/** What each role adds to the one below it. */
export const roleDescriptions: Record<(typeof roles)[number], string> = {
  admin: 'Everything, the organization and its members included.',
  create: 'Creates spaces and collections, besides reviewing.',
  review: 'Reviews and merges change requests, besides editing.',
  edit: 'Edits content, besides commenting.',
  comment: 'Comments on content, besides reading.',
  read: 'Reads content.',
};

export const RoleEnum = restEnum(
  'Role',
  roles,
  'Organization role: admin > create > review > edit > comment > read; null stands for a guest.',
  roleDescriptions,
);
export const DefaultLevelEnum = restEnum(
  'DefaultLevel',
  ['inherit', ...roles] as const,
  'Default level of organization members on content: a role, or inherit from the parent. Null: no default access.',
  { inherit: 'The level of the parent collection (or the organization).', ...roleDescriptions },
);
export const OrderEnum = restEnum('Order', ['asc', 'desc'] as const, 'Sort direction.', { asc: 'Ascending.', desc: 'Descending.' });
export const ContentVisibilityEnum = restEnum(
  'ContentVisibility',
  ['public', 'unlisted', 'share-link', 'visitor-auth', 'in-collection', 'private'] as const,
  'Who may read published content.',
  {
    public: 'Anyone, and it is listed.',
    unlisted: 'Anyone with the link.',
    'share-link': 'Anyone with the secret share key.',
    'visitor-auth': 'Visitors authenticated by the publisher.',
    'in-collection': 'As its collection says.',
    private: 'Members of the organization only.',
  },
);
export const EditModeEnum = restEnum('EditMode', ['live', 'locked'] as const, 'How content may be edited.', {
  live: 'Edited directly, without change requests.',
  locked: 'Edited through change requests only.',
});
export const TeamRoleEnum = restEnum('TeamRole', ['owner', 'member'] as const, "A member's role in a team.", {
  owner: 'Manages the team.',
  member: 'Belongs to the team.',
});

/** The stored default level ("guest" = no default access) as the API shows it (null). */
export const defaultLevelOut = (stored: string) => (stored === 'guest' ? null : stored);
export const defaultLevelIn = (value: string | null) => value ?? 'guest';
