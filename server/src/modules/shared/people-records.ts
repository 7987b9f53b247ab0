import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import { forbidden, notFound } from '../../http/errors';
import { defineRecordPolicy, type RecordPolicy } from '../../http/record-policy';
import type { Actor } from '../auth/session/actor';

type Row = Record<string, unknown> & { id: number };

/**
 * A record policy for records that belong to people (their creator, assignee, uploader …): every id
 * must exist (404 `missing`) and name the actor in one of `people`, or pass `otherwise` (403 `refused`).
 */
export function peoplesRecordPolicy(def: {
  name: string;
  summary: string;
  labels: readonly string[];
  table: keyof Database;
  people: readonly string[];
  missing: string;
  refused: string;
  /** Also allowed: e.g. form administrators, or whoever may open the record's approval. */
  otherwise?: (ctx: AppContext, actor: Actor, row: Row) => Promise<boolean> | boolean;
  /** Extra columns `otherwise` reads. */
  columns?: readonly string[];
}): (...fields: string[]) => RecordPolicy {
  return defineRecordPolicy({
    name: def.name,
    summary: def.summary,
    labels: def.labels,
    check: async (ctx, actor, ids) => {
      const columns = [...new Set(['id', ...def.people, ...(def.columns ?? [])])];
      // The table and columns are this module's constants, not input.
      const rows = (await ctx.db
        .selectFrom(def.table)
        .select(columns as never[])
        .where('id' as never, 'in', ids as never)
        .execute()) as unknown as Row[];
      if (rows.length !== ids.length) throw notFound(def.missing);
      for (const row of rows) {
        if (def.people.some((column) => row[column] === actor.userId)) continue;
        if (def.otherwise && (await def.otherwise(ctx, actor, row))) continue;
        throw forbidden(def.refused);
      }
    },
  });
}
