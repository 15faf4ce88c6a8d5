// REST ↔ GraphQL spellings (src/rest/codec.ts), on a small schema of their own:
// enum values, input objects, query-string parsing and result rewriting.
import { describe, expect, it } from 'vitest';
import {
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  GraphQLBoolean,
  GraphQLInt,
  GraphQLFloat,
  parse,
  type GraphQLInputType,
} from 'graphql';
import { parseQueryValue, prepareOperation, restEnumsInResult, toGraphQLInput } from '../../../src/rest/codec.js';

const Visibility = new GraphQLEnumType({
  name: 'Visibility',
  values: { PUBLIC: { value: 'public' }, SHARE_LINK: { value: 'share-link' } },
});
const Input = new GraphQLInputObjectType({
  name: 'Input',
  fields: { title: { type: GraphQLString }, visibility: { type: Visibility }, tags: { type: new GraphQLList(Visibility) } },
});
const Space = new GraphQLObjectType({
  name: 'Space',
  fields: { title: { type: GraphQLString }, visibility: { type: Visibility }, all: { type: new GraphQLList(Visibility) } },
});
const schema = new GraphQLSchema({
  query: new GraphQLObjectType({
    name: 'Query',
    fields: { space: { type: Space, args: { v: { type: Visibility } } }, spaces: { type: new GraphQLList(Space) } },
  }),
});

describe('toGraphQLInput', () => {
  it.each<[string, GraphQLInputType, unknown, unknown]>([
    ['an enum by its REST value', Visibility, 'share-link', 'SHARE_LINK'],
    ['a list of enums', new GraphQLList(Visibility), ['public', 'share-link'], ['PUBLIC', 'SHARE_LINK']],
    ['one value for a list', new GraphQLNonNull(new GraphQLList(Visibility)), 'public', 'PUBLIC'],
    ['null and undefined as they are', Visibility, null, null],
    [
      'an input object, deep',
      Input,
      { title: 'T', visibility: 'public', tags: ['share-link'] },
      { title: 'T', visibility: 'PUBLIC', tags: ['SHARE_LINK'] },
    ],
  ])('converts %s', (_name, type, value, expected) => {
    expect(toGraphQLInput(type, value, 'f')).toEqual(expected);
  });

  it.each<[string, GraphQLInputType, unknown, RegExp]>([
    ['an unknown enum value', Visibility, 'SHARE_LINK', /must be one of "public", "share-link"/],
    ['an unknown field', Input, { title: 'T', color: 'red' }, /not a known field/],
    ["Object.prototype's names", Input, JSON.parse('{"__proto__": 1}'), /not a known field/],
    ['a bad enum deep in a list', Input, { tags: ['public', 'nope'] }, /must be one of/],
  ])('refuses %s with a 400 naming the field', (_name, type, value, message) => {
    expect(() => toGraphQLInput(type, value, 'body')).toThrow(message);
  });

  it('names the field path of a refusal', () => {
    try {
      toGraphQLInput(Input, { tags: ['public', 'nope'] }, 'input');
      expect.unreachable();
    } catch (err) {
      expect((err as { field?: string }).field).toBe('input.tags[1]');
    }
  });
});

describe('parseQueryValue', () => {
  it.each<[GraphQLInputType, string | string[], unknown]>([
    [GraphQLBoolean, 'true', true],
    [GraphQLBoolean, 'false', false],
    [GraphQLInt, '-12', -12],
    [GraphQLFloat, '1.5', 1.5],
    [GraphQLString, ['a', 'b'], 'b'], // the last of repeated values
    [new GraphQLList(GraphQLInt), '1,2,,3', [1, 2, 3]],
    [new GraphQLNonNull(new GraphQLList(GraphQLString)), ['a', 'b'], ['a', 'b']],
  ])('parses %s from %j', (type, raw, expected) => {
    expect(parseQueryValue(type, raw, 'q')).toEqual(expected);
  });

  it.each<[GraphQLInputType, string, RegExp]>([
    [GraphQLBoolean, 'yes', /true or false/],
    [GraphQLInt, '1.5', /an integer/],
    [GraphQLInt, '12abc', /an integer/],
    [GraphQLFloat, ' ', /a number/],
    [GraphQLFloat, 'x', /a number/],
  ])('refuses %s from %j', (type, raw, message) => {
    expect(() => parseQueryValue(type, raw, 'q')).toThrow(message);
  });
});

describe('prepareOperation and restEnumsInResult', () => {
  it('reads the variables and rewrites enums of the result to REST values, through aliases, lists and fragments', () => {
    const prepared = prepareOperation(
      schema,
      parse(
        'query($v: Visibility, $n: String!) { space(v: $v) { title vis: visibility } spaces { ...S } } fragment S on Space { all visibility }',
      ),
    );
    expect([...prepared.variables.keys()]).toEqual(['v', 'n']);
    expect(String(prepared.variables.get('n'))).toBe('String!');
    const data = { space: { title: 'PUBLIC', vis: 'SHARE_LINK' }, spaces: [{ all: ['PUBLIC', 'SHARE_LINK'], visibility: null }] };
    restEnumsInResult(schema, prepared, data);
    // A string field that merely holds an enum's name is left alone.
    expect(data).toEqual({ space: { title: 'PUBLIC', vis: 'share-link' }, spaces: [{ all: ['public', 'share-link'], visibility: null }] });
  });

  it('refuses a document without an operation', () => {
    expect(() => prepareOperation(schema, parse('fragment S on Space { title }'))).toThrow(/no operation/);
  });
});
