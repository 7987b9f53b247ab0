import { ApprovalListPage } from '../components/approval-list-page';

export default function AllPage() {
  return <ApprovalListPage kind="all" />;
}
