import * as migration046 from './migrations/046-customer-list-tokens';
import * as migration047 from './migrations/047-listed-windows-pg';
import { pgListed, pgListedWindows, pgSearchWindows, RANGE_BITS } from './search-sql';

/**
 * The runtime's copies of the expressions that migrations 046 and 047 indexed (db/search-sql.ts) must
 * produce the very SQL the migrations do, or PostgreSQL's planner no longer matches the queries to the
 * indexes. The migrations keep their own frozen code; this test is what ties the two together.
 */
describe('db/search-sql.ts: the runtime copies of the indexed expressions', () => {
  it.each(['', 'c.', 'customers.'])("equal the migrations' SQL with alias %j", (alias) => {
    expect(pgSearchWindows(alias)).toBe(migration046.pgSearchWindows(alias));
    expect(pgListed(alias)).toBe(migration047.pgListed(alias));
    expect(pgListedWindows(alias)).toBe(migration047.pgListedWindows(alias));
  });

  it('use the default alias as the migrations did', () => {
    expect(pgSearchWindows()).toBe(migration046.pgSearchWindows());
    expect(pgListed()).toBe(migration047.pgListed());
    expect(pgListedWindows()).toBe(migration047.pgListedWindows());
    expect(RANGE_BITS).toBe(migration047.RANGE_BITS);
  });
});
