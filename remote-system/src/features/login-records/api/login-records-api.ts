/** 登录记录 (api/user/getloglos): the viewer's scope, filtered by person, department, dates and result. */
import { endpointKey } from '@portal/shared-core';
import { usePagedList } from '@portal/shared-ui';
import { api } from '@portal/shared-core';
import type { LoginRecordRow } from '@portal/shared-contract';

export type LoginRecord = LoginRecordRow;
/** success: '' all, 1 成功, 0 失败. */
export type LoginRecordQuery = { page: number; rows: number; userId: number; BranchID: number; start: string; end: string; success: '' | 0 | 1 };

export const listLoginRecords = ({ success, ...query }: LoginRecordQuery) =>
  api.list<LoginRecord>('api/user/getloglos', success === '' ? query : { ...query, success }, { silent: true });

export const useLoginRecords = (query: LoginRecordQuery) => usePagedList(endpointKey('api/user/getloglos'), listLoginRecords, query);
