/** The customer detail's tabs (follow-ups, contacts, operation log), typed; the only HTTP of those tabs. */
import type { ContactRow, FollowupRow } from '@portal/shared-contract';
import { api, DATETIME_FORMAT } from '@portal/shared-core';
import type { CustomerPin, OpportLogRow } from '@portal/shared-contract';
import type { Dayjs } from 'dayjs';

/** The server's shapes (the wire contract). A contact field 字段权限 hides from the user is absent (the server leaves it out). */
export type { ContactRow, FollowupRow };
/** `files`: ids of pictures uploaded with the follow-up (customer attachments). */
export type FollowUpValues = { gjtype: number; status?: string; contactId?: number; beizhu: string; nextgenjintime?: Dayjs | null; files?: number[] };
export type ContactValues = { contactName?: string; mobile?: string; wechat?: string; qq?: string; zhiwei?: string; sex?: string };

/** Follow-ups of the customer, all of them (spec §9: customer follow-up page size 10000). */
export const listFollowUps = (customerId: number) =>
  api.list<FollowupRow>('api/customer/kehudetail', { id: customerId, page: 1, rows: 10000 }, { silent: true });

/** 跟进失败！ is the page's own message: the call stays silent. */
export const addFollowUp = (customerId: number, v: FollowUpValues) =>
  api.command(
    'api/customer/CustomerTrackAdd',
    {
      customerId,
      gjtype: v.gjtype,
      status: v.status ?? '',
      ...(v.contactId ? { contactId: v.contactId } : {}),
      beizhu: v.beizhu.trim(),
      nextgenjintime: v.nextgenjintime ? v.nextgenjintime.format(DATETIME_FORMAT) : '',
      ...(v.files?.length ? { files: v.files.join(',') } : {}),
    },
    { silent: true },
  );

export const listContacts = (customerId: number) => api.list<ContactRow>('api/contact/list', { customerId }, { silent: true });
export const addContact = (customerId: number, v: ContactValues) => api.command('api/contact/add', { customerId, ...v });
/** Fields left out of `v` (hidden to the user, or masked and unchanged) keep their stored values on the server. */
export const editContact = (id: number, v: ContactValues) => api.command('api/contact/Edit', { id, ...v });
export const setPrimaryContact = (id: number) => api.command('api/contact/Primary', { id });
export const deleteContact = (id: number) => api.command('api/contact/delete', { ids: String(id) });

/** The operation log, 10 a page (spec §9). */
export const listLogs = (customerId: number, page: number) => api.list<OpportLogRow>('api/OpportLogs/Logs', { customerId, page, rows: 10 }, { silent: true });

export const togglePin = (id: number) => api.command<CustomerPin>('api/customer/setTop', { id });
export const setWatch = (id: number, watch: boolean) => api.command('api/customer/AddMykehu', { id, watch: watch ? 1 : 0 });
/** 锁定 (updateState): the owner keeps the customer out of the automatic recycling. */
export const setLocked = (id: number, locked: boolean) => api.command('api/customer/updateState', { id, locked: locked ? 1 : 0 });
