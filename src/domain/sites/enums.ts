import { restEnum } from '../../schema/enums.js';

export const SiteTypeEnum = restEnum(
  'SiteType',
  ['basic', 'premium', 'ultimate', 'sponsored', 'legacy-basic', 'legacy-premium'] as const,
  "A site's plan.",
  {
    basic: 'Basic site (the default).',
    premium: 'Premium site.',
    ultimate: 'Ultimate site.',
    sponsored: 'Sponsored site (community organizations).',
    'legacy-basic': 'Basic site of the former plans.',
    'legacy-premium': 'Premium site of the former plans.',
  },
);

export const SiteVisibilityEnum = restEnum(
  'SiteVisibility',
  ['public', 'unlisted', 'share-link', 'visitor-auth'] as const,
  'Who may read a published site.',
  {
    public: 'Anyone, and search engines index it.',
    unlisted: 'Anyone, but search engines do not index it.',
    'share-link': 'Anyone with the secret key of an active share link.',
    'visitor-auth': 'Visitors authenticated by a JWT of the publisher.',
  },
);

export const SiteAgentsContextEnum = restEnum(
  'SiteAgentsContext',
  ['included', 'excluded'] as const,
  'Whether AI agents may read the site.',
  {
    included: 'Agents may access the site.',
    excluded: 'Agents cannot access the site.',
  },
);
