// A space's emoji: one emoji character (🎉, 👍🏽, 🇫🇷…) or its Unicode code
// point(s) in hex ("1f389", "1f1eb-1f1f7"), as the public API documents it.
import { badRequest } from '../../errors.js';

const EMOJI = /^(?:\p{RGI_Emoji}|\p{Extended_Pictographic}\uFE0F?)$/v;
const CODE_POINTS = /^[0-9a-f]{4,6}(?:-[0-9a-f]{4,6})*$/i;
const MAX = 50;

/** The emoji to store: null to remove it ("" too, since a space without one reads as ""). */
export function emojiIn(value: string | null | undefined, field = 'emoji'): string | null {
  if (value == null || value === '') return null;
  if (value.length > MAX || !(EMOJI.test(value) || CODE_POINTS.test(value))) {
    throw badRequest('must be one emoji, or its Unicode code points in hex such as "1f389"', field);
  }
  return value;
}
