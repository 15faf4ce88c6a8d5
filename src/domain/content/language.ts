// Content languages: the codes the public API accepts for a space's `language`
// (and translations' targets), as a GraphQL enum whose values are the codes.
import { restEnum } from '../../schema/enums.js';

export const languages = [
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
export type Language = (typeof languages)[number];

const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });

export const LanguageEnum = restEnum(
  'Language',
  languages,
  'Language of content (ISO 639-1 code, with a region for pt-br and zh-tw).',
  Object.fromEntries(languages.map((code) => [code, `${languageNames.of(code)} ("${code}").`])) as Record<Language, string>,
);
