// GraphQL Code Generator: types the operation documents the REST adapter runs
// (src/rest/operations) against the committed schema.graphql. CI fails on drift.
import type { CodegenConfig } from '@graphql-codegen/cli';

const config: CodegenConfig = {
  schema: 'schema.graphql',
  documents: ['src/rest/operations/**/*.graphql'],
  generates: {
    'src/generated/operations.ts': {
      plugins: ['typescript-operations', 'typed-document-node'],
      config: { useTypeImports: true, enumsAsTypes: true, avoidOptionals: false, skipTypename: false },
    },
  },
  silent: true,
};
export default config;
