import { countPlan, FREQUENT_KEY, pagePlan, type CountedFacts, type ListFacts } from './customer-list-plan';

/** A salesperson's 我的客户 on SQLite, no key, no filter. */
const facts = (over: Partial<ListFacts> = {}): ListFacts => ({
  dialect: 'sqlite',
  view: 'watched',
  scene: 'all',
  dataScope: 'own',
  hasKey: false,
  unfiltered: true,
  soon: false,
  rareKeyIds: false,
  share: 0,
  listTokensAnswer: false,
  matchSetJoin: false,
  ...over,
});

/** Page 1 of 20 of a list of 5,000 matches among 1,000,000 customers, counted by its conditions. */
const counted = (over: Partial<CountedFacts> = {}): CountedFacts => ({
  dialect: 'sqlite',
  dataScope: 'all',
  hasKey: false,
  soon: false,
  share: 0,
  page: 1,
  rows: 20,
  total: 5_000,
  capped: false,
  listedIds: false,
  maxId: 1_000_000,
  counted: 'conditions',
  ...over,
});

describe('countPlan', () => {
  it('counts by the conditions without a key', () => {
    expect(countPlan(facts())).toEqual({ strategy: 'conditions', halves: false });
  });

  it('lets the list tokens answer a key that is not rare, without filters', () => {
    expect(countPlan(facts({ hasKey: true, listTokensAnswer: true, matchSetJoin: true }))).toEqual({ strategy: 'list-tokens', halves: false });
  });

  it('does not use the list tokens for a rare key, with a filter, or where they do not answer the key', () => {
    expect(countPlan(facts({ hasKey: true, rareKeyIds: true, listTokensAnswer: true })).strategy).toBe('conditions');
    expect(countPlan(facts({ hasKey: true, unfiltered: false, listTokensAnswer: true })).strategy).toBe('conditions');
    expect(countPlan(facts({ hasKey: true, listTokensAnswer: false })).strategy).toBe('conditions');
  });

  it("probes the match set from the owner's rows for a salesperson's frequent key", () => {
    expect(countPlan(facts({ hasKey: true, matchSetJoin: true, share: FREQUENT_KEY * 2 })).strategy).toBe('owner-rows-probe');
    expect(countPlan(facts({ hasKey: true, matchSetJoin: true, share: FREQUENT_KEY * 2, dataScope: 'all', scene: 'mine' })).strategy).toBe('owner-rows-probe');
  });

  it('joins the match set for a key that is not frequent, or beyond the own rows', () => {
    expect(countPlan(facts({ hasKey: true, matchSetJoin: true, share: FREQUENT_KEY })).strategy).toBe('match-set-join');
    expect(countPlan(facts({ hasKey: true, matchSetJoin: true, share: FREQUENT_KEY * 2, dataScope: 'all' })).strategy).toBe('match-set-join');
    expect(countPlan(facts({ hasKey: true, matchSetJoin: true, unfiltered: false })).strategy).toBe('match-set-join');
  });

  it("keeps the conditions for a rare key's ids even where the match set could be joined", () => {
    expect(countPlan(facts({ hasKey: true, rareKeyIds: true, matchSetJoin: true })).strategy).toBe('conditions');
  });

  it("counts a salesperson's 我的客户 on PostgreSQL in halves, owned then participating", () => {
    expect(countPlan(facts({ dialect: 'postgres' }))).toEqual({ strategy: 'conditions', halves: true });
    expect(countPlan(facts({ dialect: 'postgres', hasKey: true }))).toEqual({ strategy: 'conditions', halves: true });
  });

  it('counts whole on SQLite, beyond own scope, in another scene or view, for 即将进入公海, and with the list tokens', () => {
    expect(countPlan(facts()).halves).toBe(false);
    expect(countPlan(facts({ dialect: 'postgres', dataScope: 'department' })).halves).toBe(false);
    expect(countPlan(facts({ dialect: 'postgres', scene: 'mine' })).halves).toBe(false);
    expect(countPlan(facts({ dialect: 'postgres', view: 'teamkehu' })).halves).toBe(false);
    expect(countPlan(facts({ dialect: 'postgres', soon: true })).halves).toBe(false);
    expect(countPlan(facts({ dialect: 'postgres', hasKey: true, listTokensAnswer: true }))).toEqual({ strategy: 'list-tokens', halves: false });
  });
});

describe('pagePlan', () => {
  it('reads no page when nothing matched or the page is past the last match', () => {
    expect(pagePlan(counted({ total: 0 }))).toEqual({ rows: 'none' });
    expect(pagePlan(counted({ total: 40, page: 3 }))).toEqual({ rows: 'none' });
    expect(pagePlan(counted({ total: 41, page: 3 })).rows).not.toBe('none');
  });

  it('walks the sort index when the matches are a large share of the table', () => {
    // 1 * 20 * 1,000,000 / 5,000 = 4,000 rows visited, under ORDERED_SCAN_LIMIT.
    expect(pagePlan(counted())).toEqual({ rows: 'sort-index-walk', ordered: true, scanInSortOrder: false, keyAccess: undefined, sortAsExpression: false });
  });

  it("walks in the view's sort-order shape for own scope", () => {
    expect(pagePlan(counted({ dataScope: 'own' }))).toMatchObject({ rows: 'sort-index-walk', scanInSortOrder: true });
  });

  it('on a walk, looks a very frequent key up per row, else probes its match set', () => {
    expect(pagePlan(counted({ hasKey: true, share: 0.13 }))).toMatchObject({ rows: 'sort-index-walk', keyAccess: 'walk' });
    expect(pagePlan(counted({ hasKey: true, share: 0.04 }))).toMatchObject({ rows: 'sort-index-walk', keyAccess: 'probe' });
    expect(pagePlan(counted({ hasKey: true, share: 0 }))).toMatchObject({ rows: 'sort-index-walk', keyAccess: 'probe' });
  });

  it("collects and sorts few matches, 即将进入公海, and a key's matches read as ids", () => {
    // 1 * 20 * 1,000,000 / 500 = 40,000 rows visited: over the limit.
    expect(pagePlan(counted({ total: 500 }))).toEqual({ rows: 'collect-and-sort', ordered: false, sortAsExpression: false });
    expect(pagePlan(counted({ soon: true }))).toMatchObject({ rows: 'collect-and-sort', ordered: false });
    expect(pagePlan(counted({ listedIds: true }))).toMatchObject({ rows: 'collect-and-sort', ordered: false });
    // A deep page of many matches: the walk would pass too many rows.
    expect(pagePlan(counted({ page: 100 }))).toMatchObject({ rows: 'collect-and-sort', ordered: false });
  });

  it('takes the matches as the size when they outnumber the highest id', () => {
    expect(pagePlan(counted({ maxId: 10, total: 5_000 }))).toMatchObject({ rows: 'sort-index-walk' });
  });

  it('on PostgreSQL sorts few uncapped matches by the sort column as an expression', () => {
    expect(pagePlan(counted({ dialect: 'postgres', total: 500 }))).toMatchObject({ rows: 'collect-and-sort', sortAsExpression: true });
    expect(pagePlan(counted({ dialect: 'postgres', total: 500, capped: true }))).toMatchObject({ sortAsExpression: false });
    expect(pagePlan(counted({ dialect: 'postgres' }))).toMatchObject({ rows: 'sort-index-walk', sortAsExpression: false });
  });

  it("reads the list tokens' matches on SQLite when the count used them: probed on a walk, driven on a deep page", () => {
    expect(pagePlan(counted({ counted: 'list-tokens', hasKey: true }))).toEqual({
      rows: 'list-tokens',
      ordered: true,
      tokensAccess: 'probe',
      sortAsExpression: false,
    });
    expect(pagePlan(counted({ counted: 'list-tokens', hasKey: true, page: 100 }))).toEqual({
      rows: 'list-tokens',
      ordered: false,
      tokensAccess: 'drive',
      sortAsExpression: false,
    });
  });

  it('does not read the list tokens when the count was capped, handed back ids, or on PostgreSQL', () => {
    expect(pagePlan(counted({ counted: 'list-tokens', capped: true })).rows).toBe('sort-index-walk');
    expect(pagePlan(counted({ counted: 'list-tokens', listedIds: true })).rows).toBe('collect-and-sort');
    expect(pagePlan(counted({ counted: 'list-tokens', dialect: 'postgres' })).rows).toBe('sort-index-walk');
  });
});
