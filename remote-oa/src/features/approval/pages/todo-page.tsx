import { ApprovalListPage } from '../components/approval-list-page';

export default function TodoPage() {
  return <ApprovalListPage kind="todo" />;
}
