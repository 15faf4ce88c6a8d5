// What a site never customized answers, and how settings combine: a site
// space's overrides over its site's settings over these defaults. The public
// document requires every member below; where it documents a default
// (insights.trackingCookie) that is the value, elsewhere the renderer's own.
// Quire has no AI assistant, so `ai.mode` is `none`, and no trademark to show.
const themed = (color: string) => ({ light: color, dark: color });

export const defaultCustomization = () => ({
  styling: {
    theme: 'clean',
    primaryColor: themed('#346DDB'),
    infoColor: themed('#787878'),
    successColor: themed('#00C950'),
    warningColor: themed('#FE9A00'),
    dangerColor: themed('#FB2C36'),
    corners: 'rounded',
    depth: 'subtle',
    links: 'default',
    font: 'Inter',
    monospaceFont: 'IBMPlexMono',
    background: 'plain',
    icons: 'regular',
    codeTheme: {
      default: { light: 'default-light', dark: 'default-dark' },
      openapi: { light: 'default-light', dark: 'default-dark' },
    },
    sidebar: { background: 'default', list: 'default' },
    search: 'prominent',
  },
  internationalization: { locale: 'en' },
  favicon: {},
  header: { preset: 'default', links: [] },
  footer: { groups: [] },
  themes: { default: 'system', toggeable: true },
  feedback: { enabled: false },
  ai: { mode: 'none' },
  advancedCustomization: { enabled: false },
  trademark: { enabled: false },
  externalLinks: { target: 'self' },
  pagination: { enabled: true },
  pageActions: { items: ['markdown'] },
  privacyPolicy: {},
  socialPreview: {},
  socialAccounts: [],
  insights: { trackingCookie: true },
});

export type Settings = Record<string, unknown>;

const isPlain = (value: unknown): value is Settings => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * `over` laid on `base`: objects merge member by member, anything else (a list,
 * a string) replaces; a null in `over` removes the member (an override reset).
 */
export function layered(base: Settings, over: Settings): Settings {
  const out: Settings = { ...base };
  for (const [key, value] of Object.entries(over)) {
    if (value === null) delete out[key];
    else out[key] = isPlain(value) && isPlain(out[key]) ? layered(out[key] as Settings, value) : value;
  }
  return out;
}
