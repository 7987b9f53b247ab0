/** 进件审核 (crm signorentry/entryshenpi): the 进件管理 list of the intakes waiting for the user's decision. */
import type { PageProps } from '@portal/shared-core';
import { IntakeList } from './intake-list-page';

export default function IntakeReviewPage(_props: PageProps) {
  return <IntakeList review />;
}
