// The language codes a translation may name: the public document's
// `TranslationLanguage` enum (test/translations/translations.test.ts keeps the two equal).
import { languages } from '../content/language.js';

// The same codes as a space's content language (src/domain/content/language.ts): one list.
export const translationLanguages = languages;

export type TranslationLanguage = (typeof translationLanguages)[number];

export const isTranslationLanguage = (value: unknown): value is TranslationLanguage =>
  typeof value === 'string' && (translationLanguages as readonly string[]).includes(value);
