/** Customers as the API returns them, for the feature's tests. */
import type { Customer, CustomerDetail, LeadSource } from '../types';

export function makeCustomer(overrides: Partial<Customer> = {}): Customer {
  return {
    id: 1,
    code: 'KH20260001',
    CustomerName: '上海华信科技有限公司',
    contact_name: '王磊',
    contact_mobile: '13800138000',
    LaiYuan: 1,
    LaiYuanName: '官网',
    level: 'A',
    industry: '软件',
    address: '',
    beizhu: '',
    UserID: 7,
    UserName: '张三',
    BranchName: '销售一部',
    AddTime: '2026-11-01 09:30:00',
    UpdateTime: '2026-11-02 10:00:00',
    genjinTime: '',
    nextgenjintime: '2026-11-25 14:00:00',
    clue: 1,
    gonghai: 0,
    isTop: 0,
    watchuserid: 0,
    watched: 0,
    blacklisted: 0,
    blackReason: '',
    poolReason: '',
    poolDays: null,
    previousOwner: '',
    recycleDays: null,
    locked: 0,
    closeReason: '',
    ownedAt: '2026-11-01 09:30:00',
    assignedBy: '',
    assignedAt: '',
    unseen: 0,
    ...overrides,
  };
}

export function makeCustomerDetail(overrides: Partial<CustomerDetail> = {}): CustomerDetail {
  return {
    ...makeCustomer(),
    contacts: [{ id: 11, contactName: '王磊', mobile: '13800138000', wechat: 'wanglei', qq: '', zhiwei: '采购经理', sex: '男', isPrimary: 1 }],
    followups: [{ id: 21, genjinTime: '2026-11-03 15:20:00', gjtype: 2, beizhu: '已发报价单', CretateName: '张三' }],
    ...overrides,
  };
}

export const LEAD_SOURCES: LeadSource[] = [
  { id: 1, name: '官网' },
  { id: 2, name: '展会' },
];
