import { ApprovalListPage } from '../components/approval-list-page';

export default function SubPage() {
  return <ApprovalListPage kind="sub" />;
}
