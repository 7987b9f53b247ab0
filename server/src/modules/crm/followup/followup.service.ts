/**
 * A customer's follow-ups (spec §2.5, §7): CustomerTrackAdd adds one (and moves the customer's last and
 * next follow-up times), kehudetail lists them. The next follow-up's reminder is followup-reminder.ts.
 */
import type { FollowupRow } from '@portal/shared-contract';
import type { AppContext } from '../../../app-context';
import { transact } from '../../../db/transact';
import { badRequest } from '../../../http/errors';
import type { ListReply } from '../../../http/envelope';
import { formatShanghai, parseShanghaiDateTime } from '../../../lib/time';
import type { Actor } from '../../auth/session/actor';
import { quote, writeLogs } from '../customer/customer-log';
import { customerRow } from '../customer/customer-detail.service';
import { assertNotBlacklistedCustomer } from '../customer/customer-blacklist';
import { assertNextFollowupAhead } from './next-followup-time';

export const GJ_TYPES = ['电话', 'QQ', '微信', '邮件', '短信', '其他'] as const;

export type FollowupInput = {
  customerId: number;
  contactId?: number;
  gjtype: number;
  status: string;
  content: string;
  /** As typed, Shanghai time: '' for `at` is now, '' for `next` none. */
  at: string;
  next: string;
  files: number[];
};

function shanghaiTime(label: string, text: string, fallback: string): string {
  if (text === '') return fallback;
  const parsed = parseShanghaiDateTime(text);
  if (!parsed) throw badRequest(`${label}格式不正确`);
  return parsed;
}

export async function addFollowup(ctx: AppContext, actor: Actor, submitted: FollowupInput): Promise<number> {
  const now = ctx.clock().toISOString();
  const f = { ...submitted, at: shanghaiTime('跟进时间', submitted.at, now), next: shanghaiTime('下次跟进时间', submitted.next, '') };
  assertNextFollowupAhead(f.next, ctx.clock());
  return transact(ctx, async (tx) => {
    await customerRow(tx, f.customerId);
    await assertNotBlacklistedCustomer(tx, [f.customerId], '添加跟进记录');
    let contactName = '';
    if (f.contactId !== undefined) {
      const contact = await tx
        .selectFrom('contacts')
        .select('contact_name')
        .where('id', '=', f.contactId)
        .where('customer_id', '=', f.customerId)
        .executeTakeFirst();
      if (!contact) throw badRequest('联系人不存在');
      contactName = contact.contact_name;
    }
    if (f.status) {
      const known = await tx.selectFrom('dict_values').select('id').where('type_code', '=', 'followup_status').where('value', '=', f.status).executeTakeFirst();
      if (!known) throw badRequest('跟进状态不正确');
    }
    if (f.files.length > 0) {
      const files = await tx.selectFrom('files').select('id').where('id', 'in', f.files).where('user_id', '=', actor.userId).execute();
      if (files.length !== f.files.length) throw badRequest('附件不存在');
    }
    const row = await tx
      .insertInto('followups')
      .values({
        customer_id: f.customerId,
        genjin_time: f.at,
        gjtype: f.gjtype,
        beizhu: f.content,
        created_by: actor.userId,
        created_at: now,
        contact_id: f.contactId ?? null,
        status: f.status,
        next_genjin_time: f.next,
        files: f.files.length ? JSON.stringify(f.files) : '',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The customer's last follow-up is the latest one written; the next time follows this follow-up.
    const current = await tx.selectFrom('customers').select('genjin_time').where('id', '=', f.customerId).executeTakeFirstOrThrow();
    await tx
      .updateTable('customers')
      .set({ genjin_time: f.at > current.genjin_time ? f.at : current.genjin_time, next_genjin_time: f.next, updated_at: now })
      .where('id', '=', f.customerId)
      .execute();
    await writeLogs(tx, actor.userId, now, [
      {
        customerId: f.customerId,
        kind: 'followup',
        ext: `添加跟进（${GJ_TYPES[f.gjtype]}${contactName ? `，联系人：${contactName}` : ''}）：${f.content.slice(0, 100)}`,
        quoted: quote('contact', 'contactName', contactName),
      },
    ]);
    return row.id;
  });
}

/** The reply's shape is the contract's (the customer detail's 跟进记录 reads the same type). */
export type { FollowupRow };

export async function listFollowups(ctx: AppContext, actor: Actor, customerId: number, page: number, rows: number): Promise<ListReply<FollowupRow>> {
  await customerRow(ctx.db, customerId);
  const base = ctx.db.selectFrom('followups as f').where('f.customer_id', '=', customerId);
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const list = await base
    .leftJoin('users as u', 'u.id', 'f.created_by')
    .leftJoin('contacts as k', 'k.id', 'f.contact_id')
    .select(['f.id', 'f.genjin_time', 'f.next_genjin_time', 'f.gjtype', 'f.beizhu', 'f.status', 'f.files', 'f.created_at', 'u.nick_name', 'k.contact_name'])
    .orderBy('f.genjin_time', 'desc')
    .orderBy('f.id', 'desc')
    .limit(rows)
    .offset((page - 1) * rows)
    .execute();
  return {
    total,
    rows: list.map((f) => ({
      id: f.id,
      contactName: f.contact_name ?? '',
      status: f.status,
      Ext: GJ_TYPES[f.gjtype] ?? '',
      genjinTime: formatShanghai(f.genjin_time),
      nextgenjintime: formatShanghai(f.next_genjin_time),
      beizhu: f.beizhu,
      gjtype: f.gjtype,
      CretateName: f.nick_name ?? '',
      CretateTime: formatShanghai(f.created_at),
      files: f.files ? (JSON.parse(f.files) as number[]) : [],
    })),
  };
}
