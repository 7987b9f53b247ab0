import { ApprovalListPage } from '../components/approval-list-page';

export default function CcPage() {
  return <ApprovalListPage kind="myCc" />;
}
