/** 我的客户 (crm/customer/watched): the `watched` view of the one customer list page, with the 线索 (clue 3) list one tab away. */
import { useState } from 'react';
import { Segmented } from 'antd';
import { CustomerViewPage } from './customer-view-page';

const KINDS = [
  { value: 'watched', label: '客户' },
  { value: 'clue', label: '线索' },
] as const;

export default function WatchedCustomersPage() {
  const [kind, setKind] = useState<'watched' | 'clue'>('watched');
  return (
    <>
      <Segmented options={[...KINDS]} value={kind} onChange={(v) => setKind(v)} style={{ marginBottom: 12 }} />
      <CustomerViewPage key={kind} view={kind} />
    </>
  );
}
