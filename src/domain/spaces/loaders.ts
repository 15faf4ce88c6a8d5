import DataLoader from 'dataloader';
import type { Context } from '../../context.js';
import { requestLoader } from '../../loaders.js';
import { rawQuery } from '../../db/raw.js';

export interface SpaceCounts {
  openComments: number;
  changeRequests: number;
  openChangeRequests: number;
  draftChangeRequests: number;
}

/** The counters loaded so far in this request, by space id: a field reads them without waiting. */
const knownSpaceCounts = requestLoader(() => new Map<string, SpaceCounts>());

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
      const known = knownSpaceCounts(ctx);
      return spaceIds.map((id) => {
        const counts = byId.get(id) ?? { openComments: 0, changeRequests: 0, openChangeRequests: 0, draftChangeRequests: 0 };
        known.set(id, counts);
        return counts;
      });
    }),
);

type CountName = keyof SpaceCounts;

/** A counter of a space: at once when its page loaded the counters, else from the batch. */
export function spaceCount(ctx: Context, spaceId: string, name: CountName): number | Promise<number> {
  const known = knownSpaceCounts(ctx).get(spaceId);
  return known ? known[name] : spaceCounts(ctx).load(spaceId).then((counts) => counts[name]);
}
