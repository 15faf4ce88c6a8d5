// Clustering of issues by text similarity: TF-IDF vectors (Porter-stemmed
// words, English stop words removed) compared by cosine similarity, grouped
// by average-linkage agglomerative clustering: the two groups whose issues
// are most similar on average merge, while that average is at least the
// threshold. The result depends on the set of issues only, never on the
// order they arrived in: inputs are sorted by a content key first and ties
// are broken by that order.
import { stemmer } from 'stemmer';
// The English list alone: the package's main entry loads all of its 60 languages (1.3 MB of heap).
import { eng } from 'stopword/src/stopwords_eng.js';

const STOP = new Set(eng);
export const SIMILARITY_THRESHOLD = 0.1;

export type Vector = Map<string, number>;

/** Stemmed content words of `text`; `surface` learns which word each stem came from. */
export function terms(text: string, surface?: Map<string, Map<string, number>>): string[] {
  const out: string[] = [];
  for (const word of text.toLowerCase().match(/[a-z0-9]+(?:'[a-z]+)?/g) ?? []) {
    if (word.length < 2 || STOP.has(word) || /^\d+$/.test(word)) continue;
    const stem = stemmer(word.replace(/'.*$/, ''));
    out.push(stem);
    if (surface) {
      const words = surface.get(stem) ?? new Map<string, number>();
      words.set(word, (words.get(word) ?? 0) + 1);
      surface.set(stem, words);
    }
  }
  return out;
}

/** L2-normalized TF-IDF vectors (smoothed idf: ln((1+N)/(1+df)) + 1). */
export function tfidf(documents: string[][]): Vector[] {
  const df = new Map<string, number>();
  for (const doc of documents) for (const term of new Set(doc)) df.set(term, (df.get(term) ?? 0) + 1);
  const n = documents.length;
  return documents.map((doc) => {
    const vector: Vector = new Map();
    for (const term of doc) vector.set(term, (vector.get(term) ?? 0) + 1);
    let norm = 0;
    for (const [term, count] of vector) {
      const weight = (count / doc.length) * (Math.log((1 + n) / (1 + df.get(term)!)) + 1);
      vector.set(term, weight);
      norm += weight * weight;
    }
    norm = Math.sqrt(norm) || 1;
    for (const [term, weight] of vector) vector.set(term, weight / norm);
    return vector;
  });
}

export function cosine(a: Vector, b: Vector): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [term, weight] of small) dot += weight * (large.get(term) ?? 0);
  return dot;
}

export interface ClusterInput {
  /** Identifies the item in the answer. */
  id: string;
  /** Orders the items whatever order they came in (content, then source id). */
  sortKey: string;
  text: string;
}

/** Groups of item ids, each group sorted by sortKey, groups by their first item. */
export function clusterTexts(items: readonly ClusterInput[], threshold = SIMILARITY_THRESHOLD): string[][] {
  const sorted = [...items].sort((a, b) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0));
  const vectors = tfidf(sorted.map((item) => terms(item.text)));
  const n = sorted.length;
  // sim[i][j]: average similarity between groups i and j (Lance–Williams update on merge).
  const sim = vectors.map((a) => vectors.map((b) => cosine(a, b)));
  const size = new Array<number>(n).fill(1);
  const members: number[][] = sorted.map((_, i) => [i]);
  const alive = new Array<boolean>(n).fill(true);
  for (;;) {
    let best = -1;
    let bi = -1;
    let bj = -1;
    for (let i = 0; i < n; i++) {
      if (!alive[i]) continue;
      for (let j = i + 1; j < n; j++) {
        if (alive[j] && sim[i][j] > best) [best, bi, bj] = [sim[i][j], i, j];
      }
    }
    if (bi < 0 || best < threshold) break;
    for (let k = 0; k < n; k++) {
      if (!alive[k] || k === bi || k === bj) continue;
      const merged = (size[bi] * sim[bi][k] + size[bj] * sim[bj][k]) / (size[bi] + size[bj]);
      sim[bi][k] = sim[k][bi] = merged;
    }
    size[bi] += size[bj];
    members[bi].push(...members[bj]);
    alive[bj] = false;
  }
  return members
    .filter((_, i) => alive[i])
    .map((group) => group.sort((a, b) => a - b))
    .sort((a, b) => a[0] - b[0])
    .map((group) => group.map((i) => sorted[i].id));
}

/** The `count` terms that weigh most in a group of texts, as words (the most frequent surface form of each stem). */
export function topTerms(texts: readonly string[], count = 3): string[] {
  const surface = new Map<string, Map<string, number>>();
  const vectors = tfidf(texts.map((t) => terms(t, surface)));
  const weight = new Map<string, number>();
  for (const vector of vectors) for (const [term, w] of vector) weight.set(term, (weight.get(term) ?? 0) + w);
  return [...weight]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, count)
    .map(([stem]) => [...surface.get(stem)!].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0][0]);
}
