import { ApprovalListPage } from '../components/approval-list-page';

export default function MySubmitPage() {
  return <ApprovalListPage kind="mySubmit" />;
}
