// The language codes a translation may name: the public document's
// `TranslationLanguage` enum (test/translations/translations.test.ts keeps the two equal).
export const translationLanguages = [
  'en',
  'fr',
  'de',
  'es',
  'it',
  'pt',
  'pt-br',
  'ru',
  'ja',
  'zh',
  'zh-tw',
  'yue',
  'ko',
  'ar',
  'hi',
  'nl',
  'pl',
  'tr',
  'sv',
  'no',
  'da',
  'fi',
  'el',
  'cs',
  'hu',
  'ro',
  'th',
  'vi',
  'id',
  'ms',
  'he',
  'uk',
  'sk',
  'bg',
  'hr',
  'lt',
  'lv',
  'et',
  'sl',
] as const;

export type TranslationLanguage = (typeof translationLanguages)[number];

export const isTranslationLanguage = (value: unknown): value is TranslationLanguage =>
  typeof value === 'string' && (translationLanguages as readonly string[]).includes(value);
