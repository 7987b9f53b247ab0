/**
 * 自定义表单查看 (system/customForm/view/:module/:type/:id): `add` enters a new record of the form
 * `module`, `edit` changes record `id`, `detail` shows it read-only, `design` opens the form designer
 * on form `id` (0 = a new form).
 */
import { Result } from 'antd';
import type { PageProps } from '@portal/shared-core';
import { RecordDetail } from '../components/record-detail';
import { RecordForm } from '../components/record-form';
import { designId, FormDesignerPage } from '../../form-designer/pages/form-designer-page';

export const UNKNOWN_VIEW_TEXT = '无法识别的查看方式';

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
