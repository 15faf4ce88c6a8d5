// What the read planner reads of Prisma's datamodel (src/schema/plan/declare.ts): the foreign
// keys by which a relation's rows are joined (to-one) or gathered under their parents (to-many).
import { describe, expect, it } from 'vitest';
import { joinOf, joinedRelationOf, planType, toManyRelationOf } from '../../../src/schema/plan/declare.js';

describe('relations of the datamodel', () => {
  it('finds the foreign key of a to-many relation on the related model', () => {
    expect(toManyRelationOf('SiteSection', 'siteSpaces')).toEqual({ model: 'SiteSpace', foreignKey: 'sectionId' });
    expect(toManyRelationOf('Organization', 'spaces')).toEqual({ model: 'Space', foreignKey: 'organizationId' });
  });

  it('refuses what is not a to-many relation by one foreign key', () => {
    expect(() => toManyRelationOf('SiteSpace', 'space')).toThrow(/not a to-many relation/);
    expect(() => toManyRelationOf('SiteSection', 'title')).toThrow(/not a to-many relation/);
    expect(() => toManyRelationOf('SiteSection', 'noSuchField')).toThrow(/not a to-many relation/);
  });

  it("joins a to-one relation by its foreign keys to the related row's id or compound key, in the key's order", () => {
    expect(joinOf('SiteSpace', 'section')).toEqual({ model: 'SiteSection', on: [['sectionId', 'id']] });
    expect(joinOf('ContentGrant', 'member')).toEqual({
      model: 'Member',
      on: [
        ['organizationId', 'organizationId'],
        ['userId', 'userId'],
      ],
    });
    expect(() => joinOf('SiteSection', 'siteSpaces')).toThrow(/not a to-one relation/);
    expect(() => joinOf('Member', 'teams')).toThrow(/not a to-one relation/);
  });

  it('finds the foreign key of a to-one relation on the model itself', () => {
    expect(joinedRelationOf('SiteSpace', 'section')).toEqual({ model: 'SiteSection', foreignKey: 'sectionId' });
    expect(() => joinedRelationOf('SiteSection', 'siteSpaces')).toThrow(/not a to-one relation/);
  });

  it("refuses a subject relation's path before its first relation, or naming a column its model lacks", () => {
    const reply = { model: 'CommentReply', columns: {}, subject: ['id'], visible: () => true };
    expect(() => planType('Refused', { ...reply, subjectRelations: { 'comment.space': ['id'] } })).toThrow(
      /comes before its relation comment/,
    );
    expect(() => planType('Refused', { ...reply, subjectRelations: { comment: ['id'], 'comment.space': ['noSuchColumn'] } })).toThrow(
      /Space.noSuchColumn is not a column/,
    );
    expect(() => planType('Refused', { ...reply, subjectRelations: { comment: ['id'], 'comment.nothing': ['id'] } })).toThrow(
      /not a to-one relation/,
    );
  });
});
