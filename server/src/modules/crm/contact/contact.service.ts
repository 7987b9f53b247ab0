/**
 * A customer's contacts (api/contact/*, spec §2.5): exactly one primary, mirrored on the customer.
 */
import type { AppContext } from '../../../app-context';
import { dialectOf, type DbOrTx, type DbTx } from '../../../db/database';
import { transact } from '../../../db/transact';
import { badRequest, notFound } from '../../../http/errors';
import type { ListReply } from '../../../http/envelope';
import type { Actor } from '../../auth/session/actor';
import { contactEditLog, quote, writeLogs } from '../customer/customer-log';
import { customerRow } from '../customer/customer-detail.service';
import { assertNotBlacklistedCustomer } from '../customer/customer-blacklist';
import { customerNameKey, phoneKey } from '../customer/customer-uniqueness';
import { isHidden, keepHidden, rulesFor } from '../../system/field-mask/field-mask';

export type ContactInput = { contactName: string; mobile: string; wechat: string; qq: string; zhiwei: string; sex: string };

type ContactOut = {
  id: number;
  customerId: number;
  contactName: string;
  mobile: string;
  wechat: string;
  qq: string;
  zhiwei: string;
  sex: string;
  isPrimary: number;
};

const contactOut = (c: {
  id: number;
  customer_id: number;
  contact_name: string;
  mobile: string;
  wechat: string;
  qq: string;
  zhiwei: string;
  sex: string;
  is_primary: number;
}): ContactOut => ({
  id: c.id,
  customerId: c.customer_id,
  contactName: c.contact_name,
  mobile: c.mobile,
  wechat: c.wechat,
  qq: c.qq,
  zhiwei: c.zhiwei,
  sex: c.sex,
  isPrimary: c.is_primary,
});

const CONTACT_COLUMNS = ['id', 'customer_id', 'contact_name', 'mobile', 'wechat', 'qq', 'zhiwei', 'sex', 'is_primary'] as const;

export async function listContacts(ctx: AppContext, actor: Actor, customerId: number): Promise<ListReply<ContactOut>> {
  return ctx.db.transaction().execute(async (tx) => {
    await customerRow(tx, customerId);
    const rows = await tx
      .selectFrom('contacts')
      .select(CONTACT_COLUMNS)
      .where('customer_id', '=', customerId)
      .orderBy('is_primary', 'desc')
      .orderBy('id')
      .execute();
    return { rows: rows.map(contactOut), total: rows.length };
  });
}

async function contactOf(tx: DbOrTx, id: number) {
  const c = await tx.selectFrom('contacts').select(CONTACT_COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!c) throw notFound('联系人不存在');
  return c;
}

export async function viewContact(ctx: AppContext, actor: Actor, id: number): Promise<ContactOut> {
  return contactOut(await contactOf(ctx.db, id));
}

/** Mirrors the primary contact on the customer (name, mobile); the search index follows (migration 046). */
async function mirrorPrimary(tx: DbTx, customerId: number): Promise<void> {
  const p = await tx
    .selectFrom('contacts')
    .select(['contact_name', 'mobile'])
    .where('customer_id', '=', customerId)
    .where('is_primary', '=', 1)
    .executeTakeFirst();
  if (!p) return;
  await tx.updateTable('customers').set({ contact_name: p.contact_name, contact_mobile: p.mobile }).where('id', '=', customerId).execute();
}

export const MSG_CONTACT_TWIN = '该客户已有相同姓名和手机号码的联系人，不能重复添加';

/**
 * One customer's contacts are not repeated (issue #31): a new contact, or one edited to another name or
 * mobile, must not have the name (compared as customer names are: customer-uniqueness.ts) and the mobile
 * (+86 alike) of another contact of the customer. The customer's row is locked first on PostgreSQL, so
 * two adds of one contact at once cannot both pass. The message repeats neither value (字段权限 may mask them).
 */
async function assertNoTwinContact(
  tx: DbTx,
  customerId: number,
  id: number | null,
  input: ContactInput,
  before: { contact_name: string; mobile: string } | null,
): Promise<void> {
  const name = customerNameKey(input.contactName);
  const mobile = phoneKey(input.mobile);
  if (name === '' && mobile === '') return;
  if (before && customerNameKey(before.contact_name) === name && phoneKey(before.mobile) === mobile) return;
  if (dialectOf(tx) === 'postgres') await tx.selectFrom('customers').select('id').where('id', '=', customerId).forUpdate().execute();
  const contacts = await tx.selectFrom('contacts').select(['id', 'contact_name', 'mobile']).where('customer_id', '=', customerId).execute();
  if (contacts.some((c) => c.id !== id && customerNameKey(c.contact_name) === name && phoneKey(c.mobile) === mobile)) throw badRequest(MSG_CONTACT_TWIN);
}

export async function saveContact(ctx: AppContext, actor: Actor, id: number | null, customerId: number, submitted: ContactInput): Promise<number> {
  const now = ctx.clock().toISOString();
  return transact(ctx, async (tx) => {
    const before = id === null ? null : await contactOf(tx, id);
    // 字段权限: on an edit, a field the editor sees masked comes back masked (or empty) and a hidden one is
    // not in their form: the stored value stays. On a create, a hidden field is stored empty, whatever was sent.
    const masks = await rulesFor(tx, actor, 'contact');
    const keep = (field: string, value: string, stored: string) => (masks.size > 0 ? keepHidden(masks, 'contact', field, value, stored) : value);
    const blank = (field: string, value: string) => (isHidden(masks, field) ? '' : value);
    const input: ContactInput = before
      ? {
          ...submitted,
          contactName: keep('contactName', submitted.contactName, before.contact_name),
          mobile: keep('mobile', submitted.mobile, before.mobile),
          wechat: keep('wechat', submitted.wechat, before.wechat),
          qq: keep('qq', submitted.qq, before.qq),
          zhiwei: keep('zhiwei', submitted.zhiwei, before.zhiwei),
        }
      : {
          ...submitted,
          contactName: blank('contactName', submitted.contactName),
          mobile: blank('mobile', submitted.mobile),
          wechat: blank('wechat', submitted.wechat),
          qq: blank('qq', submitted.qq),
          zhiwei: blank('zhiwei', submitted.zhiwei),
        };
    // Required only of users who see the field (checked after the stored values came back).
    if (!isHidden(masks, 'contactName') && input.contactName.trim() === '') throw badRequest('联系人姓名不能为空');
    if (input.mobile.includes('*')) throw badRequest('手机号码格式不正确');
    const columns = { contact_name: input.contactName, mobile: input.mobile, wechat: input.wechat, qq: input.qq, zhiwei: input.zhiwei, sex: input.sex };
    if (id === null || before === null) {
      await customerRow(tx, customerId);
      await assertNotBlacklistedCustomer(tx, [customerId], '新增联系人');
      await assertNoTwinContact(tx, customerId, null, input, null);
      const hasPrimary = await tx.selectFrom('contacts').select('id').where('customer_id', '=', customerId).where('is_primary', '=', 1).executeTakeFirst();
      const row = await tx
        .insertInto('contacts')
        .values({ customer_id: customerId, ...columns, is_primary: hasPrimary ? 0 : 1, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!hasPrimary) await mirrorPrimary(tx, customerId);
      await writeLogs(tx, actor.userId, now, [
        { customerId, kind: 'contact', ext: `新增联系人 ${input.contactName}`, quoted: quote('contact', 'contactName', input.contactName) },
      ]);
      return row.id;
    }
    await assertNoTwinContact(tx, before.customer_id, id, input, before);
    await tx.updateTable('contacts').set(columns).where('id', '=', id).execute();
    if (before.is_primary === 1) await mirrorPrimary(tx, before.customer_id);
    const changes = (
      [
        ['姓名', before.contact_name, input.contactName],
        ['手机', before.mobile, input.mobile],
        ['微信', before.wechat, input.wechat],
        ['QQ', before.qq, input.qq],
        ['职位', before.zhiwei, input.zhiwei],
      ] as const
    ).filter(([, a, b]) => a !== b);
    await writeLogs(tx, actor.userId, now, [contactEditLog(before.customer_id, before.contact_name, changes)]);
    return id;
  });
}

export async function deleteContacts(ctx: AppContext, actor: Actor, ids: number[]): Promise<void> {
  const now = ctx.clock().toISOString();
  await transact(ctx, async (tx) => {
    const rows = [];
    for (const id of ids) rows.push(await contactOf(tx, id));
    if (rows.some((c) => c.is_primary === 1)) throw badRequest('不能删除首要联系人，请先设置其他联系人为首要联系人');
    await tx.deleteFrom('contacts').where('id', 'in', ids).execute();
    await writeLogs(
      tx,
      actor.userId,
      now,
      rows.map((c) => ({
        customerId: c.customer_id,
        kind: 'contact',
        ext: `删除联系人 ${c.contact_name}`,
        quoted: quote('contact', 'contactName', c.contact_name),
      })),
    );
  });
}

/** Makes one contact the customer's only primary contact. */
export async function setPrimaryContact(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const now = ctx.clock().toISOString();
  await transact(ctx, async (tx) => {
    const c = await contactOf(tx, id);
    await tx.updateTable('contacts').set({ is_primary: 0 }).where('customer_id', '=', c.customer_id).where('id', '<>', id).execute();
    await tx.updateTable('contacts').set({ is_primary: 1 }).where('id', '=', id).execute();
    await mirrorPrimary(tx, c.customer_id);
    await writeLogs(tx, actor.userId, now, [
      { customerId: c.customer_id, kind: 'contact', ext: `设为首要联系人：${c.contact_name}`, quoted: quote('contact', 'contactName', c.contact_name) },
    ]);
  });
}
