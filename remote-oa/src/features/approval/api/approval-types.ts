/** The approval feature's own types; the API's shapes are the wire contract's (`@portal/shared-contract`: ApprovalRow, ApprovalDetail …). */
import type { CcPerson } from '@portal/shared-contract';

export type ListKind = 'todo' | 'completed' | 'mySubmit' | 'myCc' | 'sub' | 'all';

export type ApprovalQuery = { page: number; rows: number; key: string; flowId?: number; userid?: number; start?: string; end?: string; status?: number };

/** A person picked in the user picker (cc, forward target), as the cc list sends them. */
export type CcUser = CcPerson & { username: string };
