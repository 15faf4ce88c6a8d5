// GraphQL enums whose internal values are the REST spellings ("share-link"):
// GraphQL shows SHARE_LINK, services and the database see "share-link", and the
// REST adapter converts between the two generically (src/rest/codec.ts).
import { builder } from '../../schema/builder.js';
import { roles } from '../../policy/roles.js';

const enumName = (value: string) =>
  value.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/[^A-Za-z0-9]+/g, '_').toUpperCase();

export function restEnum<const V extends string>(name: string, values: readonly V[], description?: string) {
  return builder.enumType(name, {
    description,
    values: Object.fromEntries(values.map((v) => [enumName(v), { value: v }])) as Record<string, { value: V }>,
  });
}

export const RoleEnum = restEnum('Role', roles, 'Organization role: admin > create > review > edit > comment > read; null stands for a guest.');
export const DefaultLevelEnum = restEnum('DefaultLevel', ['inherit', ...roles] as const,
  'Default level of organization members on content: a role, or inherit from the parent. Null: no default access.');
export const OrderEnum = restEnum('Order', ['asc', 'desc'] as const);
export const ContentVisibilityEnum = restEnum('ContentVisibility',
  ['public', 'unlisted', 'share-link', 'visitor-auth', 'in-collection', 'private'] as const);
export const EditModeEnum = restEnum('EditMode', ['live', 'locked'] as const);
export const TeamRoleEnum = restEnum('TeamRole', ['owner', 'member'] as const);

/** The stored default level ("guest" = no default access) as the API shows it (null). */
export const defaultLevelOut = (stored: string) => (stored === 'guest' ? null : stored);
export const defaultLevelIn = (value: string | null) => value ?? 'guest';
