/** The actions on selected customers (issue #10), one endpoint each; the server's msg shows as a toast. */
import { api } from '@portal/shared-core';
import type { CallActionKey } from '@portal/shared-contract/customer-views';

export type ActionInput = { ids: readonly number[]; reason?: string; userid?: number; owners?: readonly number[] };

type Call = { url: string; body: (input: ActionInput) => Record<string, string | number> };

const ids = (input: ActionInput) => input.ids.join(',');
const withAdviser = (input: ActionInput) => ({ ids: ids(input), userid: input.userid ?? 0, ...(input.owners ? { owners: input.owners.join(',') } : {}) });

/** Which endpoint each action calls, and with what (delete goes through the customer delete hook, merge through its modal). */
export const ACTION_CALLS: Readonly<Record<CallActionKey, Call>> = {
  top: { url: 'api/customer/setTop', body: (input) => ({ id: input.ids[0] }) },
  watch: { url: 'api/customer/AddMykehuT', body: (input) => ({ ids: ids(input), watch: 1 }) },
  unwatch: { url: 'api/customer/AddMykehuT', body: (input) => ({ ids: ids(input), watch: 0 }) },
  assign: { url: 'api/customer/KehuDistribution', body: withAdviser },
  transfer: { url: 'api/customer/transfer', body: withAdviser },
  pool: { url: 'api/customer/AddPublicPool', body: (input) => ({ ids: ids(input), reason: input.reason ?? '' }) },
  togonghai: { url: 'api/customer/ToGonghai', body: (input) => ({ ids: ids(input), reason: input.reason ?? '' }) },
  receive: { url: 'api/customer/receive', body: (input) => ({ ids: ids(input) }) },
  blacklist: { url: 'api/customer/AddBlacklist', body: (input) => ({ ids: ids(input), reason: input.reason ?? '' }) },
  leaveblack: { url: 'api/customer/LeaveBlack', body: (input) => ({ ids: ids(input) }) },
  turn: { url: 'api/clues/Turn', body: (input) => ({ ids: ids(input) }) },
  close: { url: 'api/clues/close', body: (input) => ({ ids: ids(input), reason: input.reason ?? '' }) },
};

/** What an action asks for before it runs. */
export const ACTION_NEEDS: Readonly<Record<CallActionKey, 'nothing' | 'confirm' | 'reason' | 'adviser'>> = {
  top: 'nothing',
  watch: 'nothing',
  unwatch: 'nothing',
  assign: 'adviser',
  transfer: 'adviser',
  pool: 'reason',
  togonghai: 'reason',
  receive: 'confirm',
  blacklist: 'reason',
  leaveblack: 'confirm',
  turn: 'confirm',
  close: 'reason',
};

export function runCustomerAction(key: CallActionKey, input: ActionInput) {
  const call = ACTION_CALLS[key];
  // 分配失败 is the page's own message (spec §8): that call stays silent.
  return api.command(call.url, call.body(input), { silent: key === 'assign' });
}

/** 合并: `id` kept, `ids` merged into it, `fields` = which customer each field's value comes from. */
export function mergeCustomers(choice: { id: number; ids: readonly number[]; fields: Record<string, number> }) {
  return api.command('api/customer/merge', { id: choice.id, ids: choice.ids.join(','), fields: JSON.stringify(choice.fields) });
}
