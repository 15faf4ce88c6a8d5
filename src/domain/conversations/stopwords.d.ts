// stopword's English list, one of the ES modules its package publishes under src/ (its `module` entry's files).
declare module 'stopword/src/stopwords_eng.js' {
  export const eng: string[];
}
