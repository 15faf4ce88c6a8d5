// The built-in content templates: stable ids, the pages each one creates, and
// the named file slots (`contentRefs`) a caller may fill. A filled slot is
// written into the Markdown as a `files/<fileId>` reference (the form link
// reports and file backlinks read); an empty optional slot leaves its line out.

export interface TemplatePage {
  title: string;
  slug: string;
  emoji?: string;
  description?: string;
  /** The Markdown; `{{ref:<name>}}` lines are filled from the slots (or dropped when empty). */
  markdown: string;
  pages?: TemplatePage[];
}

export interface TemplateSlot {
  name: string;
  kind: 'file';
  required: boolean;
  description: string;
}

export interface SpaceTemplateDefinition {
  id: string;
  title: string;
  subtitle: string;
  /** Emoji as hex code points (the public Emoji format) */
  emoji: string;
  features: string[];
  contentRefs: TemplateSlot[];
  pages: TemplatePage[];
}

export const templates: readonly SpaceTemplateDefinition[] = [
  {
    id: 'getting-started',
    title: 'Getting started',
    subtitle: 'A welcome page, a quickstart and installation steps.',
    emoji: '1f44b',
    features: ['pages', 'links'],
    contentRefs: [{ name: 'logo', kind: 'file', required: false, description: 'An image shown on the welcome page.' }],
    pages: [
      {
        title: 'Welcome',
        slug: 'welcome',
        emoji: '1f44b',
        description: 'What this documentation covers.',
        markdown:
          '# Welcome\n\n{{ref:logo|![Logo]}}\n\nStart with the [quickstart](quickstart), then [install](installation) what you need.\n',
      },
      {
        title: 'Quickstart',
        slug: 'quickstart',
        emoji: '26a1',
        markdown:
          '# Quickstart\n\n1. Create an account.\n2. Follow the [installation](installation) steps.\n3. Come back to the [welcome page](welcome).\n',
      },
      {
        title: 'Installation',
        slug: 'installation',
        emoji: '1f4e6',
        markdown: '# Installation\n\n```sh\nnpm install your-package\n```\n\nNext: the [quickstart](quickstart).\n',
      },
    ],
  },
  {
    id: 'api-reference',
    title: 'API reference',
    subtitle: 'Authentication, errors and endpoints of an HTTP API.',
    emoji: '1f9e9',
    features: ['pages', 'nested-pages', 'openapi-file'],
    contentRefs: [{ name: 'spec', kind: 'file', required: true, description: 'The OpenAPI document of the API (an uploaded file).' }],
    pages: [
      {
        title: 'API reference',
        slug: 'api-reference',
        emoji: '1f9e9',
        description: 'Every operation of the API.',
        markdown:
          '# API reference\n\n{{ref:spec|[Download the OpenAPI document]}}\n\nRead [authentication](api-reference/authentication) first.\n',
        pages: [
          {
            title: 'Authentication',
            slug: 'authentication',
            markdown: '# Authentication\n\nSend `Authorization: Bearer <token>` with every request. See [errors](errors).\n',
          },
          {
            title: 'Errors',
            slug: 'errors',
            markdown: '# Errors\n\nErrors answer `{"error": {"code", "message"}}` with the HTTP status.\n',
          },
          {
            title: 'Endpoints',
            slug: 'endpoints',
            markdown: '# Endpoints\n\nThe operations, grouped by resource, follow the [OpenAPI document](../api-reference).\n',
          },
        ],
      },
    ],
  },
  {
    id: 'changelog',
    title: 'Changelog',
    subtitle: 'A page of dated release notes.',
    emoji: '1f4dd',
    features: ['pages'],
    contentRefs: [],
    pages: [
      {
        title: 'Changelog',
        slug: 'changelog',
        emoji: '1f4dd',
        markdown: '# Changelog\n\n## Unreleased\n\n- Describe changes here, newest first.\n',
      },
    ],
  },
];

export const templateById = (id: string) => templates.find((t) => t.id === id);
