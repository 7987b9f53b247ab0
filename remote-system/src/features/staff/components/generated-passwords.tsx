/**
 * The initial passwords the staff import generated, on the wizard's 完成 step: the server answers them
 * once and keeps no copy, so this is the only place they are ever shown.
 */
import { Alert, Flex, Table, Typography, type TableColumnsType } from 'antd';
import type { GeneratedPassword } from '@portal/shared-contract';
import type { ImportResult } from '@portal/shared-ui';

const columns: TableColumnsType<GeneratedPassword> = [
  { title: '行号', dataIndex: 'row', width: 70 },
  { title: '账号', dataIndex: 'username' },
  { title: '姓名', dataIndex: 'nickName' },
  {
    title: '初始密码',
    dataIndex: 'password',
    render: (password: string) => (
      <Typography.Text copyable strong code>
        {password}
      </Typography.Text>
    ),
  },
];

function passwordsOf(result: ImportResult): GeneratedPassword[] {
  return Array.isArray(result.passwords) ? (result.passwords as GeneratedPassword[]) : [];
}

export function GeneratedPasswords({ result }: { result: ImportResult }) {
  const rows = passwordsOf(result);
  if (rows.length === 0) return null;
  const all = rows.map((r) => `${r.username}\t${r.nickName}\t${r.password}`).join('\n');
  return (
    <Flex vertical gap={8}>
      <Alert
        type="warning"
        showIcon
        title={`系统为 ${rows.length} 名员工生成了初始密码，一次性显示，请妥善保存`}
        description="关闭后无法再次查看；忘记时请在员工列表中重置密码。"
        action={<Typography.Text copyable={{ text: all, tooltips: ['复制全部', '已复制'] }}>复制全部</Typography.Text>}
      />
      <Table<GeneratedPassword> rowKey="row" size="small" columns={columns} dataSource={rows} pagination={false} scroll={{ y: 240 }} />
    </Flex>
  );
}
