/**
 * How a customer list (listCustomers, customer-list.service.ts) reads its rows: which count and which
 * page query, decided from what is known of the request (view, scene, the actor's data scope, the
 * filters, the search key and what the search index offers for it) and, for the page, from what the
 * count found. Pure: the service builds and runs the queries the plan names. The measurements behind
 * each choice are in the comments; the numbers are at 1,000,000 customers.
 */
import type { Dialect } from '../../../db/database';
import type { Actor } from '../../auth/session/actor';
import type { Scene } from '../../shared/data-scope';
import { OWN_PART_VIEWS, type ViewKey } from './customer-views';

/**
 * A key matching more than this share of the customers is frequent (a salesperson's count probes the
 * match set from the owner's rows; 20,000 matches).
 */
export const FREQUENT_KEY = 0.02;

/** Rows an in-order index walk would visit to fill the page, from the share of customers that match. */
export const ORDERED_SCAN_LIMIT = 20_000;

/**
 * A lookup in the search index per row a walk visits costs as much as adding this many rowids to the
 * key's match set (SQLite: ~0.1 ms against ~0.2 µs): a walk looks the key up only when its expected
 * lookups cost less than the set (科技, 13 % of the customers: ~80 lookups against 132,000 rowids;
 * 杭州, 4 %: ~240 against 41,000, so it builds the set).
 */
export const LOOKUP_COST = 500;

/** What is known before counting. */
export type ListFacts = {
  dialect: Dialect;
  view: ViewKey;
  scene: Scene;
  dataScope: Actor['dataScope'];
  /** A search key was given. */
  hasKey: boolean;
  /** No filter is set (the view, its scene and the key alone). */
  unfiltered: boolean;
  /** The 即将进入公海 filter. */
  soon: boolean;
  /** SQLite's search index read for the key (customer-search.ts indexMatches): a rare key's ids are known… */
  rareKeyIds: boolean;
  /** …or a frequent key's share of the table (0 when unknown). */
  share: number;
  /** The search index alone answers the key within the view's list tokens (customer-search.ts keyedList, migration 046). */
  listTokensAnswer: boolean;
  /** The search index's match set can drive the count as a join (customer-search.ts searchJoin). */
  matchSetJoin: boolean;
};

export type CountPlan = {
  /**
   * - `list-tokens`: 我的客户 with a key that is not rare and no filter: the search index's list tokens
   *   answer the count alone. (A rare key's ids, already read, count faster: an index phrase of several
   *   windows reads their positions, 5678 ~15 ms.)
   * - `owner-rows-probe`: SQLite, a salesperson's list (own scope or scene 'mine') and a frequent key:
   *   the owner's rows, from the owner index, probe the match set (`+c.id IN`, built once) instead of the
   *   join fetching every match's row to test its owner (科技: 132,000 matches, 8,214 of them the
   *   salesperson's: 148 → 48 ms).
   * - `match-set-join`: SQLite, a key the index serves: the key's matches joined to the search index's
   *   match set, streamed, stopping at the cap (a rare key keeps the join: its few rows against
   *   ~47,000 owned ones).
   * - `conditions`: the view's conditions and the key's (searchCondition 'drive', a rare key by its ids).
   */
  strategy: 'list-tokens' | 'owner-rows-probe' | 'match-set-join' | 'conditions';
  /**
   * PostgreSQL, a salesperson's (own scope) 我的客户, scene 'all': the customers they own, then those they
   * take part in and do not own (disjoint halves, so the sum is the count), each through its own index;
   * "owner or participant" tested every owned customer's row of the view index (56 ms against ~20).
   * Not for 即将进入公海: its window index (migration 044) holds every owner's rows in the window, so one
   * count filters them once (~2 ms) where two would read the window twice. Not with `list-tokens`.
   */
  halves: boolean;
};

export function countPlan(f: ListFacts): CountPlan {
  const halves = f.dialect === 'postgres' && f.dataScope === 'own' && f.scene === 'all' && OWN_PART_VIEWS.includes(f.view) && !f.soon;
  const keyNotRare = f.hasKey && !f.rareKeyIds;
  if (keyNotRare && f.unfiltered && f.listTokensAnswer) return { strategy: 'list-tokens', halves: false };
  if (keyNotRare && f.matchSetJoin) {
    const ownersRows = f.dataScope === 'own' || f.scene === 'mine';
    return { strategy: ownersRows && f.share > FREQUENT_KEY ? 'owner-rows-probe' : 'match-set-join', halves };
  }
  return { strategy: 'conditions', halves };
}

/** What the count found, with the facts the page needs. */
export type CountedFacts = {
  dialect: Dialect;
  dataScope: Actor['dataScope'];
  hasKey: boolean;
  soon: boolean;
  share: number;
  page: number;
  rows: number;
  /** The count, capped at COUNT_CAP (`capped`: there are more). */
  total: number;
  capped: boolean;
  /** The count handed back the ids of a key's few matches (the pins and the page read them by id). */
  listedIds: boolean;
  /** The highest customer id: the walks' estimates take it (or the matches, if more) as the table's size. */
  maxId: number;
  /** The count's strategy (countPlan). */
  counted: CountPlan['strategy'];
};

export type PagePlan =
  /** Past the last match (or none): no page query. */
  | { rows: 'none' }
  | {
      /**
       * - `list-tokens`: SQLite, the tokens' matches (at most COUNT_CAP), built once: a walk of the sort
       *   index probes them (sales 科技: ~1,200 index entries for page 1), or a deep page sorts them. Every
       *   token implies the view's conditions; gonghai = 0 keeps the walk on the (gonghai, sort column) index.
       * - `sort-index-walk`: the matches are a large share of the table (a frequent key, a salesperson's
       *   many customers): walk the sort index instead of collecting and sorting every match (see
       *   searchCondition and data-scope.ts ScopeOptions).
       * - `collect-and-sort`: the matching rows, sorted (few matches; 即将进入公海, whose matches are bunched in
       *   time, so a walk of the creation-time index would pass tens of thousands of rows first; a key's
       *   few matches read as ids).
       */
      rows: 'list-tokens' | 'sort-index-walk' | 'collect-and-sort';
      /** The page walks the sort index (in order). */
      ordered: boolean;
      /** list-tokens: how the tokens' matches are read ('probe' on a walk, 'drive' for a deep page). */
      tokensAccess?: 'probe' | 'drive';
      /** sort-index-walk, own scope: the view's conditions in the shape that keeps the walk on the sort index. */
      scanInSortOrder?: boolean;
      /** sort-index-walk with a key: each row the walk visits looks the key up ('walk': a very frequent key, customer-search.ts KeyAccess), or probes the match set ('probe'). */
      keyAccess?: 'walk' | 'probe';
      /**
       * PostgreSQL, few matches (uncapped) collected and sorted: the sort column as an expression (the same
       * text, so the same order) keeps the planner from walking the sort index backwards in search of them,
       * which it did on a low row estimate (待分配 of a manager, 1 row: 2.4 s).
       */
      sortAsExpression: boolean;
    };

/** Rows an in-order walk visits to fill page `page` of `rows` when `matches` of `size` rows match, spread evenly. */
export function scanLength(page: number, rows: number, size: number, matches: number): number {
  return (page * rows * size) / Math.max(matches, 1);
}

export function pagePlan(f: CountedFacts): PagePlan {
  if (f.total === 0 || (f.page - 1) * f.rows >= f.total) return { rows: 'none' };
  const size = Math.max(f.maxId, f.total);
  const ordered = !f.soon && !f.listedIds && scanLength(f.page, f.rows, size, f.total) <= ORDERED_SCAN_LIMIT;
  const sortAsExpression = !(ordered || f.capped || f.dialect !== 'postgres');
  if (f.counted === 'list-tokens' && !f.capped && !f.listedIds && f.dialect === 'sqlite')
    return { rows: 'list-tokens', ordered, tokensAccess: ordered ? 'probe' : 'drive', sortAsExpression };
  if (ordered) {
    const lookups = f.share > 0 && scanLength(f.page, f.rows, size, f.share * size) * LOOKUP_COST < f.share * size;
    return {
      rows: 'sort-index-walk',
      ordered,
      scanInSortOrder: f.dataScope === 'own',
      keyAccess: f.hasKey ? (lookups ? 'walk' : 'probe') : undefined,
      sortAsExpression,
    };
  }
  return { rows: 'collect-and-sort', ordered, sortAsExpression };
}
