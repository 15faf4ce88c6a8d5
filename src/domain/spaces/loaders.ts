import DataLoader from 'dataloader';
import { requestLoader } from '../../loaders.js';
import { rawQuery } from '../../db/raw.js';

export interface SpaceCounts {
  openComments: number;
  changeRequests: number;
  openChangeRequests: number;
  draftChangeRequests: number;
}

/** The counters a Space shows, for every space of the batch in one statement. */
export const spaceCounts = requestLoader(
  (ctx) =>
    new DataLoader<string, SpaceCounts>(async (spaceIds) => {
      // Straight to the pool (db/raw.ts): this runs on every space read.
      const rows = await rawQuery<{ id: string; oc: string; cr: string; ocr: string; dcr: string }>(
        ctx.prisma,
        `SELECT s.id,
          (SELECT count(*) FROM "Comment" c WHERE c."spaceId" = s.id AND c."changeRequestId" IS NULL AND c.status = 'open') AS oc,
          cr.total AS cr, cr.open AS ocr, cr.draft AS dcr
        FROM unnest($1::text[]) AS s(id)
        CROSS JOIN LATERAL (
          SELECT count(*) AS total, count(*) FILTER (WHERE status = 'open') AS open, count(*) FILTER (WHERE status = 'draft') AS draft
          FROM "ChangeRequest" WHERE "spaceId" = s.id
        ) cr`,
        [[...spaceIds]],
      );
      const byId = new Map(
        rows.map((r) => [r.id, { openComments: Number(r.oc), changeRequests: Number(r.cr), openChangeRequests: Number(r.ocr), draftChangeRequests: Number(r.dcr) }]),
      );
      return spaceIds.map((id) => byId.get(id) ?? { openComments: 0, changeRequests: 0, openChangeRequests: 0, draftChangeRequests: 0 });
    }),
);
