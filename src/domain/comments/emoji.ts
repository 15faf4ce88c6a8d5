// Reaction emoji, checked against emojibase's data set (every emoji of the
// Unicode standard, skin tones included). One reaction has one spelling: the
// character with or without variation selectors, or its code points in hex
// ("1f44d"), all read as the data set's fully-qualified emoji.
import { createRequire } from 'node:module';
import { badRequest } from '../../errors.js';

interface EmojibaseEntry {
  hexcode: string;
  unicode: string;
  skins?: EmojibaseEntry[];
}

const require = createRequire(import.meta.url);
const MAX = 50;

/** Code points less variation selectors (FE0E/FE0F), upper-case hex joined by "-": emojibase's `hexcode`. */
const hexcodeOf = (emoji: string) =>
  [...emoji]
    .map((c) => c.codePointAt(0)!)
    .filter((cp) => cp !== 0xfe0e && cp !== 0xfe0f)
    .map((cp) => cp.toString(16).toUpperCase())
    .join('-');

let byHexcode: Map<string, string> | undefined;
function emojiByHexcode() {
  if (!byHexcode) {
    byHexcode = new Map();
    for (const entry of require('emojibase-data/en/compact.json') as EmojibaseEntry[]) {
      for (const e of [entry, ...(entry.skins ?? [])]) byHexcode.set(hexcodeOf(e.unicode), e.unicode);
    }
  }
  return byHexcode;
}

/** The canonical emoji for `value`, or a 400 naming `field`. */
export function reactionEmoji(value: string, field: string): string {
  const hex = /^[0-9a-f]{2,6}(?:-[0-9a-f]{2,6})*$/i.test(value)
    ? value
        .split('-')
        .filter((cp) => !/^fe0[ef]$/i.test(cp))
        .map((cp) => cp.toUpperCase().replace(/^0+(?=.)/, ''))
        .join('-')
    : hexcodeOf(value);
  const emoji = value.length <= MAX ? emojiByHexcode().get(hex) : undefined;
  if (!emoji) throw badRequest('must be one emoji (a character, or its code points in hex such as "1f44d")', field);
  return emoji;
}

/** The distinct canonical emoji of a list, each checked (400 naming `field[i]`). */
export function reactionEmojiList(values: readonly string[] | null | undefined, field: string): string[] {
  return [...new Set((values ?? []).map((value, i) => reactionEmoji(value, `${field}[${i}]`)))];
}
