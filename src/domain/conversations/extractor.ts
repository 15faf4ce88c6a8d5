// Issue extraction: what problems a support conversation reports. Behind a
// small interface so that a model-backed extractor can replace the built-in
// one. The built-in extractor is rule-based and says what it does:
//   - it reads the customer's messages only (roles other than assistant,
//     agent, bot, system, operator and admin), and the subject;
//   - it splits them into sentences and keeps the sentences that state a
//     problem or ask for help, by cue words ("error", "can't", "does not",
//     "fails", "broken", "missing", "how do I", …);
//   - it drops a sentence that repeats an earlier one (same words, Jaccard
//     ≥ 0.6), and keeps at most 3 issues per conversation;
//   - the title is the sentence (at most 100 characters), the summary that
//     sentence with the one after it (at most 280).
// It understands nothing: a problem phrased without any cue is missed.
export interface ConversationText {
  subject: string | null;
  parts: { type: string; role: string; body: string }[];
}

export interface ExtractedIssue {
  title: string;
  summary: string;
}

export interface IssueExtractor {
  /** Issues of one conversation, in the order they appear. */
  extract(conversation: ConversationText): ExtractedIssue[];
}

const STAFF_ROLES = new Set(['assistant', 'agent', 'bot', 'system', 'operator', 'admin']);
const PROBLEM_CUES = [
  /\b(error|errors|exception|crash(es|ed|ing)?|bug|broken|fail(s|ed|ing|ure)?|timeout|timed out)\b/i,
  /\b(can ?not|can't|cant|unable|won't|doesn't|does not|don't|do not|isn't|is not|aren't|not working|stopped working|no longer)\b/i,
  /\b(missing|wrong|incorrect|outdated|confus(ed|ing)|unclear|stuck|problem|issue)\b/i,
  /\b(how (do|can|should) (i|we)|where (is|are|can|do)|is there a way)\b/i,
];
const MAX_ISSUES = 3;
const TITLE_MAX = 100;
const SUMMARY_MAX = 280;

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Cuts `text` to `max` characters at a word boundary, with an ellipsis. */
export function clip(text: string, max: number) {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}

const sentencesOf = (body: string) =>
  body
    .split(/(?<=[.!?])\s+|\n+/)
    .map(collapse)
    .filter((s) => s.length >= 8);
const wordsOf = (text: string) => new Set(text.toLowerCase().match(/[a-z0-9]+/g) ?? []);
const jaccard = (a: Set<string>, b: Set<string>) => {
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared / (a.size + b.size - shared || 1);
};
const statesProblem = (sentence: string) => PROBLEM_CUES.some((cue) => cue.test(sentence));

export const ruleBasedExtractor: IssueExtractor = {
  extract({ subject, parts }) {
    const candidates: { sentence: string; next?: string }[] = [];
    if (subject && statesProblem(subject)) candidates.push({ sentence: collapse(subject) });
    for (const part of parts) {
      if (part.type !== 'message' || STAFF_ROLES.has(part.role.toLowerCase())) continue;
      const sentences = sentencesOf(part.body);
      sentences.forEach((sentence, i) => {
        if (statesProblem(sentence)) candidates.push({ sentence, next: sentences[i + 1] });
      });
    }
    const kept: { words: Set<string>; issue: ExtractedIssue }[] = [];
    for (const { sentence, next } of candidates) {
      const words = wordsOf(sentence);
      if (kept.some((k) => jaccard(k.words, words) >= 0.6)) continue;
      kept.push({
        words,
        issue: { title: clip(sentence, TITLE_MAX), summary: clip(next ? `${sentence} ${next}` : sentence, SUMMARY_MAX) },
      });
      if (kept.length === MAX_ISSUES) break;
    }
    return kept.map((k) => k.issue);
  },
};
