/**
 * 员工管理 › 批量导入: the fields a staff sheet can fill and the row check, which applies the rules of
 * api/user/add (account format and uniqueness, mobile, email, lengths, the password policy of 基础设置,
 * 超级管理员 only by a 超级管理员) and resolves 部门 by name or path, 角色 by name and 上级 by account
 * or name, among the existing staff or the other rows of the sheet. Passwords are hashed as add does
 * (before the import's transaction opens); a blank 初始密码 gets a generated one, returned once in
 * the import's answer and never written anywhere.
 */
import type { AppContext } from '../../../app-context';
import type { DbOrTx, DbTx } from '../../../db/database';
import { HttpError } from '../../../http/errors';
import { Fields } from '../../../http/input-fields';
import { checkInput } from '../../../http/input-validation';
import type { Actor } from '../../auth/session/actor';
import { hashPassword } from '../../auth/session/password';
import { createBatchImport, type BatchImport, type MappedRow, type RowCheck } from '../../shared/batch/batch-import';
import type { ImportField } from '../../shared/batch/column-mapping';
import type { TempFiles } from '../../shared/batch/temp-files';
import { loadBranchIndex, type BranchIndex } from '../branch/branch-index';
import { passwordProblem, readSettings } from '../settings/settings.service';
import { EMAIL_PATTERN, MOBILE_PATTERN, StaffFields, USERNAME_PATTERN } from './staff-fields';
import { generatePassword, MSG_ADMIN_ONLY } from './user-admin.service';

export const STAFF_IMPORT_FIELDS: readonly ImportField[] = [
  { key: 'username', title: '账号', required: true, aliases: ['帐号', '登录账号', '登录名', '用户名'] },
  { key: 'nickName', title: '姓名', required: true, aliases: ['昵称', '姓名/昵称', '员工姓名', '名字'] },
  { key: 'mobile', title: '手机号码', aliases: ['手机', '手机号', '联系电话', '电话'] },
  { key: 'email', title: '邮箱', aliases: ['电子邮箱', '邮件', 'email', 'e-mail'] },
  { key: 'branch', title: '部门', required: true, aliases: ['所属部门', '部门名称'] },
  { key: 'role', title: '角色', required: true, aliases: ['角色名称'] },
  { key: 'superior', title: '上级', aliases: ['直属上级', '上级账号', '上级姓名'] },
  { key: 'jobTitle', title: '职位', aliases: ['岗位', '职务'] },
  { key: 'status', title: '状态', aliases: ['在职状态', '员工状态'] },
  { key: 'password', title: '初始密码', aliases: ['密码'] },
];

/** A staff sheet's rows are few, and each costs a password hash (tens of milliseconds): a file holds at most this many. */
export const STAFF_IMPORT_MAX_ROWS = 1000;
/** Hashes at once: scrypt runs on libuv's thread pool, which the rest of the server shares. */
const HASH_CONCURRENCY = 2;
const LOOKUP_CHUNK = 500;

/** The row fields checked with add's own schema (same messages). */
const RowFields = Fields({
  username: StaffFields.username,
  nickName: StaffFields.nickName,
  mobile: StaffFields.mobile,
  email: StaffFields.email,
  jobTitle: StaffFields.jobTitle,
});

/** A checked row, ready to insert. `superior` is an existing user's id, or the account of another row of the sheet. */
export type StaffImportRow = {
  row: number;
  username: string;
  nickName: string;
  mobile: string;
  email: string;
  jobTitle: string;
  branchId: number;
  roleId: number;
  superior: { userId: number } | { username: string } | null;
  quit: boolean;
  /** As given; blank: generate one. */
  password: string;
};

/** A password of a row, hashed before the transaction; `generated` when the sheet gave none. */
type PreparedPassword = { hash: string; generated?: string };
type Prepared = Map<number, PreparedPassword>;

/** 部门 cell separators of a path (总部/销售一部, 总部 > 销售一部, 总部›销售一部). */
const PATH_SEPARATORS = /\s*[/／\\>›»]\s*/;

/** 部门 by name or by path: the path's names must be the last names of the department's path from the top. */
function branchResolver(index: BranchIndex): (text: string) => { id: number } | { problem: string } {
  const pathOf = new Map<number, string[]>();
  const namesOf = (id: number): string[] => {
    const known = pathOf.get(id);
    if (known) return known;
    const names: string[] = [];
    const seen = new Set<number>();
    let node = index.get(id);
    while (node && !seen.has(node.id)) {
      seen.add(node.id);
      names.unshift(node.name.trim());
      node = index.get(node.parent_id);
    }
    pathOf.set(id, names);
    return names;
  };
  return (text) => {
    const wanted = text.split(PATH_SEPARATORS).filter(Boolean);
    const matches = index.branches.filter((b) => {
      const names = namesOf(b.id);
      return wanted.length <= names.length && wanted.every((w, i) => names[names.length - wanted.length + i] === w);
    });
    if (matches.length === 1) return { id: matches[0].id };
    if (matches.length === 0) return { problem: `部门「${text}」不存在` };
    return { problem: `部门「${text}」有${matches.length}个同名部门，请写出上级部门，如「${namesOf(matches[0].id).join('/')}」` };
  };
}

const STATUS: Record<string, boolean> = { '': false, 在职: false, 离职: true };

/** Existing users with the given accounts or names (lookups in chunks). */
async function existingUsers(db: DbOrTx, column: 'username' | 'nick_name', values: string[]) {
  const out: { id: number; username: string; nick_name: string; quit_status: number }[] = [];
  const unique = [...new Set(values.filter(Boolean))];
  for (let i = 0; i < unique.length; i += LOOKUP_CHUNK) {
    out.push(
      ...(await db
        .selectFrom('users')
        .select(['id', 'username', 'nick_name', 'quit_status'])
        .where(column, 'in', unique.slice(i, i + LOOKUP_CHUNK))
        .execute()),
    );
  }
  return out;
}

type Pending = { ok: true; value: StaffImportRow; superiorText: string } | { ok: false; reason: string };

/** Each row on its own: the add form's rules, the password policy, 部门, 角色 and 状态. */
async function checkFields(db: DbOrTx, actor: Actor, rows: MappedRow[]): Promise<Pending[]> {
  const [branches, roles, settings, me] = await Promise.all([
    loadBranchIndex(db),
    db.selectFrom('roles').select(['id', 'name', 'built_in']).execute(),
    readSettings(db),
    db.selectFrom('roles').select('built_in').where('id', '=', actor.roleId).executeTakeFirst(),
  ]);
  const resolveBranch = branchResolver(branches);
  const mayGrantAdmin = me?.built_in === 1;
  return rows.map(({ row, values }): Pending => {
    const text = (key: string) => (values[key] ?? '').trim();
    const username = text('username');
    const mobile = text('mobile');
    const email = text('email');
    // The format problems name the value; the rest (blank, too long) come with add's own messages.
    if (username && !new RegExp(USERNAME_PATTERN).test(username)) return { ok: false, reason: `账号「${username}」只能包含字母、数字和 _ . @ -` };
    if (mobile && !new RegExp(MOBILE_PATTERN).test(mobile)) return { ok: false, reason: `手机号码「${mobile}」格式不正确` };
    if (email && !new RegExp(EMAIL_PATTERN).test(email)) return { ok: false, reason: `邮箱「${email}」格式不正确` };
    let fields: { username: string; nickName: string; mobile: string; email: string; jobTitle: string };
    try {
      fields = checkInput(RowFields, { username, nickName: text('nickName'), mobile, email, jobTitle: text('jobTitle') });
    } catch (err) {
      if (err instanceof HttpError) return { ok: false, reason: err.message };
      throw err;
    }
    const branchText = text('branch');
    if (!branchText) return { ok: false, reason: '部门不能为空' };
    const branch = resolveBranch(branchText);
    if ('problem' in branch) return { ok: false, reason: branch.problem };
    const roleText = text('role');
    if (!roleText) return { ok: false, reason: '角色不能为空' };
    const role = roles.filter((r) => r.name.trim() === roleText);
    if (role.length === 0) return { ok: false, reason: `角色「${roleText}」不存在` };
    if (role.length > 1) return { ok: false, reason: `角色「${roleText}」有重名，请先在角色管理中改名` };
    if (role[0].built_in === 1 && !mayGrantAdmin) return { ok: false, reason: `${MSG_ADMIN_ONLY}（角色「${roleText}」）` };
    const statusText = text('status');
    const quit = STATUS[statusText];
    if (quit === undefined) return { ok: false, reason: `状态「${statusText}」不正确，只能是在职或离职` };
    // Verbatim, as add takes passwords.
    const password = values.password ?? '';
    if (password) {
      const problem = passwordProblem(settings, password, '初始密码');
      if (problem) return { ok: false, reason: problem };
    }
    return {
      ok: true,
      value: { row, ...fields, branchId: branch.id, roleId: role[0].id, superior: null, quit, password },
      superiorText: text('superior'),
    };
  });
}

/**
 * The row check: each row's own fields, then accounts unique in the sheet and in the database, then
 * the 上级: an existing user (by account, or by name when one employed person has it) or another row
 * of the sheet (by account or name), which must itself be imported, be 在职 and not lead back to this
 * row. A row refused for its superior can refuse the rows below it in turn.
 */
export async function checkStaffRows(db: DbOrTx, actor: Actor, rows: MappedRow[]): Promise<RowCheck<StaffImportRow>[]> {
  const checks = await checkFields(db, actor, rows);
  const oks = checks.flatMap((p) => (p.ok ? [p] : []));
  const taken = new Set(
    (
      await existingUsers(
        db,
        'username',
        oks.map((p) => p.value.username),
      )
    ).map((u) => u.username),
  );
  const firstRowOf = new Map<string, number>();
  checks.forEach((p, i) => {
    if (!p.ok) return;
    const { username, row } = p.value;
    const first = firstRowOf.get(username);
    if (taken.has(username)) checks[i] = { ok: false, reason: `账号 ${username} 已存在` };
    else if (first !== undefined) checks[i] = { ok: false, reason: `账号 ${username} 与文件中第${first}行重复` };
    else firstRowOf.set(username, row);
  });

  // 上级: existing users by account and by name; rows of the sheet (refused ones too, to say why) by account and by name.
  const superiorTexts = checks.flatMap((c) => (c.ok && c.superiorText ? [c.superiorText] : []));
  const [byAccount, byName] = await Promise.all([existingUsers(db, 'username', superiorTexts), existingUsers(db, 'nick_name', superiorTexts)]);
  const existingByAccount = new Map(byAccount.map((u) => [u.username, u]));
  const sheetByAccount = new Map<string, number>();
  const sheetByName = new Map<string, number[]>();
  rows.forEach(({ values }, i) => {
    const account = (values.username ?? '').trim();
    const name = (values.nickName ?? '').trim();
    if (account && !sheetByAccount.has(account)) sheetByAccount.set(account, i);
    if (name) sheetByName.set(name, [...(sheetByName.get(name) ?? []), i]);
  });
  /** Index of the sheet row each row reports to (when it is one). */
  const sheetSuperior = new Map<number, number>();
  checks.forEach((c, i) => {
    if (!c.ok || !c.superiorText) return;
    const given = c.superiorText;
    const fail = (reason: string) => {
      checks[i] = { ok: false, reason };
    };
    const existing = existingByAccount.get(given);
    let target: { userId: number; quit: number } | { index: number };
    if (existing) target = { userId: existing.id, quit: existing.quit_status };
    else if (sheetByAccount.has(given)) target = { index: sheetByAccount.get(given) as number };
    else {
      const namedUsers = byName.filter((u) => u.nick_name === given && u.quit_status === 0);
      const namedRows = (sheetByName.get(given) ?? []).filter((j) => j !== i);
      if (namedUsers.length + namedRows.length > 1) return fail(`上级「${given}」有重名，请填写上级的账号`);
      if (namedUsers.length === 1) target = { userId: namedUsers[0].id, quit: 0 };
      else if (namedRows.length === 1) target = { index: namedRows[0] };
      else if (byName.some((u) => u.nick_name === given)) return fail(`上级「${given}」已离职，请重新选择`);
      else if (sheetByName.has(given)) return fail('上级不能是本人');
      else return fail(`上级「${given}」不存在`);
    }
    if ('userId' in target) {
      if (target.quit !== 0) return fail(`上级「${given}」已离职，请重新选择`);
      c.value.superior = { userId: target.userId };
      return;
    }
    if (target.index === i) return fail('上级不能是本人');
    sheetSuperior.set(i, target.index);
  });

  // Rows on a cycle of superiors, then rows whose superior row is refused or departed, until nothing changes.
  for (const i of sheetSuperior.keys()) if (leadsBackTo(i, sheetSuperior)) checks[i] = { ok: false, reason: '上级关系形成循环，请检查文件中的上级' };
  for (let changed = true; changed;) {
    changed = false;
    for (const [i, j] of sheetSuperior) {
      const c = checks[i];
      if (!c.ok) continue;
      const boss = checks[j];
      const reason = !boss.ok
        ? `上级「${c.superiorText}」在文件第${rows[j].row}行，该行未通过检查`
        : boss.value.quit
          ? `上级「${c.superiorText}」在文件中为离职，请重新选择`
          : undefined;
      if (reason) {
        checks[i] = { ok: false, reason };
        changed = true;
      }
    }
  }
  return checks.map((c, i): RowCheck<StaffImportRow> => {
    if (!c.ok) return c;
    const j = sheetSuperior.get(i);
    const boss = j === undefined ? undefined : checks[j];
    if (boss?.ok) c.value.superior = { username: boss.value.username };
    return { ok: true, value: c.value };
  });
}

/** Whether walking up the sheet's superiors from row `start` comes back to it. */
function leadsBackTo(start: number, superiors: Map<number, number>): boolean {
  const seen = new Set<number>();
  let current = superiors.get(start);
  while (current !== undefined && !seen.has(current)) {
    if (current === start) return true;
    seen.add(current);
    current = superiors.get(current);
  }
  return false;
}

/** Runs `work` over `items`, `limit` at a time. */
async function inBatches<I, O>(items: readonly I[], limit: number, work: (item: I) => Promise<O>): Promise<O[]> {
  const out: O[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i]);
      }
    }),
  );
  return out;
}

/** Each row's password hashed as api/user/add hashes it; a blank one generated per the password policy. */
async function preparePasswords(db: DbOrTx, values: StaffImportRow[]): Promise<Prepared> {
  const settings = await readSettings(db);
  const hashed = await inBatches(values, HASH_CONCURRENCY, async (v): Promise<[number, PreparedPassword]> => {
    const generated = v.password ? undefined : generatePassword(settings);
    return [v.row, { hash: await hashPassword(v.password || (generated as string)), ...(generated ? { generated } : {}) }];
  });
  return new Map(hashed);
}

/** A generated password of an imported account, in the import's answer only. */
export type GeneratedPassword = { row: number; username: string; nickName: string; password: string };

async function insertStaff(ctx: AppContext, tx: DbTx, values: StaffImportRow[], prepared: Prepared | undefined): Promise<{ passwords: GeneratedPassword[] }> {
  // Rows that became valid only in the transaction's check (rare) are hashed here.
  const missing = values.filter((v) => !prepared?.has(v.row));
  const passwords = new Map([...(prepared ?? []), ...(missing.length > 0 ? await preparePasswords(tx, missing) : [])]);
  const now = ctx.clock().toISOString();
  const idOf = new Map<string, number>();
  for (const v of values) {
    const pw = passwords.get(v.row) as PreparedPassword;
    const inserted = await tx
      .insertInto('users')
      .values({
        username: v.username,
        nick_name: v.nickName,
        header: '',
        mobile: v.mobile,
        email: v.email,
        job_title: v.jobTitle,
        branch_id: v.branchId,
        role_id: v.roleId,
        superior_id: v.superior && 'userId' in v.superior ? v.superior.userId : null,
        quit_status: v.quit ? 1 : 0,
        password_hash: pw.hash,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    idOf.set(v.username, inserted.id);
  }
  // Superiors that are rows of the same sheet, once everyone has an id.
  for (const v of values) {
    if (!v.superior || !('username' in v.superior)) continue;
    await tx
      .updateTable('users')
      .set({ superior_id: idOf.get(v.superior.username) as number })
      .where('id', '=', idOf.get(v.username) as number)
      .execute();
  }
  return {
    passwords: values.flatMap((v) => {
      const generated = passwords.get(v.row)?.generated;
      return generated ? [{ row: v.row, username: v.username, nickName: v.nickName, password: generated }] : [];
    }),
  };
}

export function createStaffImport(ctx: AppContext, temp: TempFiles): BatchImport {
  return createBatchImport<StaffImportRow, Prepared>(ctx, temp, {
    entity: 'staff',
    fields: STAFF_IMPORT_FIELDS,
    maxRows: STAFF_IMPORT_MAX_ROWS,
    secretFields: ['password'],
    check: (db, actor, rows) => checkStaffRows(db, actor, rows),
    prepare: (db, _actor, values) => preparePasswords(db, values),
    insert: (tx, _actor, values, prepared) => insertStaff(ctx, tx, values, prepared),
  });
}
