// The REST router looks a path up among the routes of its shape (first segment,
// number of segments) instead of testing every pattern: it must find exactly
// the routes, in table order, that testing every pattern finds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { patternOf, routesByShape } from '../../../src/rest/router.js';
import { routes } from '../../../src/rest/routes.js';

const table = routes.map(([method, path, , options = {}]) => ({ method, path, options, pattern: patternOf(path, options.slashes) }));
const byShape = routesByShape(table);
const found = (path: string) => byShape(path).filter((r) => r.pattern.test(path));
const everyPattern = (path: string) => table.filter((r) => r.pattern.test(path));

/** A path of the route with each parameter filled (a slashes parameter with `slashSegments` segments). */
const filled = (path: string, slashes: string | undefined, slashSegments: number) =>
  path.replace(/:(\w+)/g, (_, name: string) =>
    name === slashes ? Array.from({ length: slashSegments }, (_, i) => `p${i}`).join('/') : 'x1',
  );

describe('REST routes looked up by shape', () => {
  it("finds every route of the table by a path of its own, with and without a trailing slash, as every pattern's test does", () => {
    for (const { path, options } of table)
      for (const slashSegments of options.slashes ? [1, 2, 5, 20] : [1])
        for (const request of [filled(path, options.slashes, slashSegments), `${filled(path, options.slashes, slashSegments)}/`]) {
          const matches = found(request);
          expect(matches.map((r) => `${r.method} ${r.path}`)).toEqual(everyPattern(request).map((r) => `${r.method} ${r.path}`));
          expect(matches.map((r) => r.path)).toContain(path);
        }
  });

  it('agrees with testing every pattern on arbitrary paths made of the routes’ own words', () => {
    const words = [...new Set(table.flatMap((r) => r.path.split('/').filter((w) => w && !w.startsWith(':'))))];
    const segment = fc.oneof(fc.constantFrom(...words), fc.constantFrom('x1', '', 'a%2Fb', 'v1'));
    fc.assert(
      fc.property(fc.array(segment, { minLength: 0, maxLength: 24 }), fc.boolean(), (segments, trailing) => {
        const path = `/${segments.join('/')}${trailing ? '/' : ''}`;
        expect(found(path)).toEqual(everyPattern(path));
      }),
      { numRuns: 2000 },
    );
  });
});
