/** A stored record read-only (customForm/view/:module/detail/:id), with 编辑 and 返回. */
import { Button, Card, Space } from 'antd';
import { useNavigate } from 'react-router-dom';
import { DynamicDetailView } from '@portal/shared-ui';
import { CUSTOM_FORM_LIST_PATH, recordViewPath } from '../../../lib/form-paths';

export type RecordDetailProps = { module: string; id: string };

export function RecordDetail({ module, id }: RecordDetailProps) {
  const navigate = useNavigate();
  return (
    <Card
      title="记录详情"
      extra={
        <Space>
          <Button type="primary" autoInsertSpace={false} onClick={() => navigate(recordViewPath(module, 'edit', id))}>
            编辑
          </Button>
          <Button autoInsertSpace={false} onClick={() => navigate(CUSTOM_FORM_LIST_PATH)}>
            返回
          </Button>
        </Space>
      }
    >
      <DynamicDetailView module={module} id={id} />
    </Card>
  );
}
