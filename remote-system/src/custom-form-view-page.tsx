/**
 * 自定义表单查看 (system/customForm/view/:module/:type/:id): `add` enters a new record of the form
 * `module`, `edit` changes record `id`, `detail` shows it read-only, `design` opens the form designer
 * on form `id` (0 = a new form). It composes the custom-form feature's record pages and the form
 * designer, so it lives beside routes.tsx (features never import each other).
 */
import { Result } from 'antd';
import type { PageProps } from '@portal/shared-core';
import { RecordDetail } from './features/custom-form/components/record-detail';
import { RecordForm } from './features/custom-form/components/record-form';
import { designId, FormDesignerPage } from './features/form-designer/pages/form-designer-page';
import { UNKNOWN_VIEW_TEXT } from './lib/form-paths';

export default function CustomFormViewPage({ params = {} }: PageProps) {
  const module = params.module ?? '';
  const id = params.id ?? '0';
  switch (params.type) {
    case 'add':
      return <RecordForm module={module} id="0" />;
    case 'edit':
      return <RecordForm module={module} id={id} />;
    case 'detail':
      return <RecordDetail module={module} id={id} />;
    case 'design': {
      const formId = designId(id);
      return Number.isNaN(formId) ? <Result status="404" title={UNKNOWN_VIEW_TEXT} /> : <FormDesignerPage kind="custom" id={formId} />;
    }
    default:
      return <Result status="404" title={UNKNOWN_VIEW_TEXT} />;
  }
}
