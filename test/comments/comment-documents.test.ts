// Comment and reply bodies are parsed once, when written (issue #26): reads
// answer the stored document and mentions, and never parse Markdown again.
import { describe, expect, it } from 'vitest';
import { useTestApp, useTestOrg } from '../support/app.js';
import { rest } from '../support/http.js';
import { createSpace } from '../support/factories.js';

const app = useTestApp();
const org = useTestOrg(app);

describe('comment bodies parsed at write', () => {
  it('stores the document and mentions of a comment and a reply; reads answer what is stored', async () => {
    const space = await createSpace(app, org);
    const api = rest(app, org.admin.token);
    const comments = `/v1/spaces/${space.id}/comments`;
    const posted = await api.post(comments, { body: { markdown: `Hi @${org.admin.userId}, see **this**` } });
    expect(posted.status).toBe(200);
    const row = await app.prisma.comment.findUniqueOrThrow({ where: { id: posted.body.id } });
    expect(row.mentions).toEqual([org.admin.userId]);
    expect(JSON.stringify(row.document)).toContain('"type":"bold"');
    const reply = await api.post(`${comments}/${row.id}/replies`, { body: { markdown: '_reply_' } });
    expect(reply.status).toBe(200);
    const replyRow = await app.prisma.commentReply.findUniqueOrThrow({ where: { id: reply.body.id } });
    expect(JSON.stringify(replyRow.document)).toContain('"type":"italic"');

    // Reads answer the stored tree (a marker no parse of the Markdown could produce).
    const marker = {
      object: 'document',
      data: {},
      nodes: [
        {
          object: 'block',
          type: 'paragraph',
          isVoid: false,
          data: {},
          nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'stored', marks: [] }] }],
        },
      ],
    };
    await app.prisma.comment.update({ where: { id: row.id }, data: { document: marker } });
    const read = await api.get(`${comments}/${row.id}?format=document`);
    expect(read.status).toBe(200);
    expect(read.body.body).toEqual({ document: marker });

    // Edits store the new parse.
    expect((await api.put(`${comments}/${row.id}`, { body: { markdown: '~~gone~~' } })).status).toBe(200);
    const edited = await app.prisma.comment.findUniqueOrThrow({ where: { id: row.id } });
    expect(JSON.stringify(edited.document)).toContain('"type":"strikethrough"');
    expect(edited.mentions).toEqual([]);
  });

  it('a comment or reply written before bodies were stored parsed is parsed once and kept', async () => {
    const space = await createSpace(app, org);
    const api = rest(app, org.admin.token);
    const comments = `/v1/spaces/${space.id}/comments`;
    const posted = await api.post(comments, { body: { markdown: `**old**, @${org.admin.userId}` } });
    const reply = await api.post(`${comments}/${posted.body.id}/replies`, { body: { markdown: '_older_' } });
    await app.prisma.$executeRaw`UPDATE "Comment" SET "document" = NULL, "mentions" = '{}' WHERE id = ${posted.body.id}`;
    await app.prisma.$executeRaw`UPDATE "CommentReply" SET "document" = NULL WHERE id = ${reply.body.id}`;
    const read = await api.get(`${comments}/${posted.body.id}?format=document`);
    expect(JSON.stringify(read.body.body.document)).toContain('"type":"bold"');
    const replyRead = await api.get(`${comments}/${posted.body.id}/replies/${reply.body.id}?format=document`);
    expect(JSON.stringify(replyRead.body.body.document)).toContain('"type":"italic"');
    // Kept: the rows hold their parse (mentions too), so no read parses them again.
    const row = await app.prisma.comment.findUniqueOrThrow({ where: { id: posted.body.id } });
    expect([row.document !== null, row.mentions]).toEqual([true, [org.admin.userId]]);
    expect((await app.prisma.commentReply.findUniqueOrThrow({ where: { id: reply.body.id } })).document).not.toBeNull();
    // A large one (20 KB) is parsed on the compute pool, off the event loop, once.
    const large = await api.post(comments, { body: { markdown: 'A long paragraph of words. '.repeat(800) } });
    await app.prisma.$executeRaw`UPDATE "Comment" SET "document" = NULL WHERE id = ${large.body.id}`;
    const onPool = () => app.quire.compute.counts().storedBodyTask ?? 0;
    const before = onPool();
    expect((await api.get(`${comments}/${large.body.id}?format=document`)).status).toBe(200);
    await api.get(`${comments}/${large.body.id}?format=document`);
    expect(onPool()).toBe(before + 1);
  });
});
