import { ApprovalListPage } from '../components/approval-list-page';

export default function CompletedPage() {
  return <ApprovalListPage kind="completed" />;
}
