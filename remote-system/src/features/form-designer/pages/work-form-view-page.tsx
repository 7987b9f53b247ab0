/**
 * 工作流表单查看 (system/workForm/view/:module/:type/:id): `design` opens the designer of work form
 * `id` (0 = a new one). Records of work forms are entered through the approval flow, not here.
 */
import { Result } from 'antd';
import type { PageProps } from '@portal/shared-core';
import { UNKNOWN_VIEW_TEXT } from '../../../lib/form-paths';
import { designId, FormDesignerPage } from './form-designer-page';

export default function WorkFormViewPage({ params = {} }: PageProps) {
  const id = designId(params.id);
  if (params.type !== 'design' || Number.isNaN(id)) return <Result status="404" title={UNKNOWN_VIEW_TEXT} />;
  return <FormDesignerPage kind="work" id={id} />;
}
