/**
 * 版本管理 (system/release, issue #13 §5): for each remote, its releases from the delivery history
 * (version, time, who, the shared versions it was built with), which one users get (当前), which one
 * the shell falls back to (上一个正常版本) and which failed to load in a browser (故障); 回滚 points
 * users at another release, as `pnpm rollback <remote> --to <folder>` does, after a confirmation.
 */
import { App, Card, Empty, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { PageProps } from '@portal/shared-core';
import { useReleases, useRollback, type ReleaseRow, type RemoteReleases } from '../api/releases-api';

const ACTION_NAMES: Record<RemoteReleases['log'][number]['action'], string> = { release: '发布', rollback: '回滚', 'mark-bad': '标记故障' };

function SharedVersions({ shared }: { shared: Record<string, string> }) {
  const entries = Object.entries(shared);
  if (entries.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Space size={[4, 4]} wrap>
      {entries.map(([name, version]) => (
        <Tag key={name}>
          {name} {version}
        </Tag>
      ))}
    </Space>
  );
}

function RemoteCard({ remote }: { remote: RemoteReleases }) {
  const { modal } = App.useApp();
  const rollback = useRollback();

  const confirmRollback = (row: ReleaseRow) =>
    modal.confirm({
      title: `回滚「${remote.title}」`,
      content: `确定让用户使用版本 ${row.folder} 吗？用户下次打开页面时生效。`,
      okText: '回滚',
      cancelText: '取消',
      onOk: () => rollback.mutateAsync({ remote: remote.area, folder: row.folder }),
    });

  const columns: TableColumnsType<ReleaseRow> = [
    {
      title: '版本',
      dataIndex: 'folder',
      render: (folder: string, row) => (
        <Space size={4} wrap>
          <Typography.Text code>{folder}</Typography.Text>
          {row.current ? <Tag color="green">当前</Tag> : null}
          {row.lastGood ? <Tag color="blue">上一个正常版本</Tag> : null}
          {row.bad ? <Tag color="red">故障</Tag> : null}
        </Space>
      ),
    },
    { title: '发布时间', dataIndex: 'releasedAt', width: 170 },
    { title: '发布人', dataIndex: 'releasedBy', width: 150 },
    { title: '共享依赖版本', dataIndex: 'shared', render: (shared: ReleaseRow['shared']) => <SharedVersions shared={shared} /> },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      render: (_, row) =>
        row.current || row.bad ? null : (
          <Typography.Link onClick={() => confirmRollback(row)} aria-label={`回滚到 ${row.folder}`}>
            回滚
          </Typography.Link>
        ),
    },
  ];

  return (
    <Card title={`${remote.title}（${remote.packageName}）`} size="small" data-testid={`releases-${remote.area}`}>
      <Table<ReleaseRow>
        rowKey="folder"
        size="small"
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        columns={columns}
        dataSource={remote.releases}
        locale={{ emptyText: '尚未发布' }}
      />
      {remote.log.length > 0 ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          最近操作：
          {remote.log
            .slice(0, 3)
            .map((e) => `${e.at} ${e.by} ${ACTION_NAMES[e.action]} ${e.folder}`)
            .join('；')}
        </Typography.Paragraph>
      ) : null}
    </Card>
  );
}

export default function ReleasesPage(_props: PageProps) {
  const releases = useReleases();
  if (releases.isError) return <Empty description="版本信息加载失败" />;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        某个版本在用户浏览器中加载失败时，系统自动改用上一个正常版本、把失败的版本标记为故障并通知管理员。
      </Typography.Paragraph>
      {(releases.data ?? []).map((remote) => (
        <RemoteCard key={remote.area} remote={remote} />
      ))}
      {releases.isPending ? <Card loading /> : null}
    </Space>
  );
}
