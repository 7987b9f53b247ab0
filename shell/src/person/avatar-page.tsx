/** /person/avatar: upload a new avatar (shown to colleagues beside the name) and go back to an earlier one. */
import { Avatar, Button, Card, Empty, Space, Typography } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { endpointKey, useDataChange, useSessionStore } from '@portal/shared-core';
import { UploadWidget, useFileSrcs } from '@portal/shared-ui';
import { fetchAvatarHistory, restoreAvatar, setAvatar } from './person-api';

export function AvatarPage() {
  const history = useQuery({ queryKey: endpointKey('api/user/setHeaderLOG'), queryFn: fetchAvatarHistory });
  const user = useSessionStore((s) => s.user);
  const changed = useDataChange();
  const entries = history.data ?? [];
  const srcs = useFileSrcs([user?.header ?? '', ...entries.map((e) => e.url)].filter(Boolean));
  const currentSrc = user?.header ? srcs[0] : undefined;
  const historySrcs = user?.header ? srcs.slice(1) : srcs;
  const afterChange = (url: string) => {
    useSessionStore.getState().setUser({ header: url });
    void history.refetch();
    void changed({ type: 'organisation-changed' });
  };
  const upload = useMutation({ mutationFn: setAvatar, onSuccess: (_r, url) => afterChange(url) });
  const restore = useMutation({ mutationFn: restoreAvatar, onSuccess: (_r, url) => afterChange(url) });

  return (
    <div style={{ display: 'grid', gap: 16, maxWidth: 720 }}>
      <Card title="当前头像">
        <Space align="start" size={24}>
          <Avatar size={96} src={currentSrc}>
            {user?.NickName?.slice(0, 1)}
          </Avatar>
          <div>
            <Typography.Paragraph type="secondary">上传一张图片作为头像（jpg、png、gif），同事会在姓名旁看到它。</Typography.Paragraph>
            <UploadWidget params={{ picType: 'avatar' }} accept="image/*" onUploaded={(file) => upload.mutate(file.url)} />
          </div>
        </Space>
      </Card>
      <Card title="历史头像">
        {entries.length === 0 ? (
          <Empty description={history.isError ? '历史头像加载失败' : '还没有上传过头像'} />
        ) : (
          <Space wrap size={16}>
            {entries.map((entry, i) => (
              <Space key={entry.id} direction="vertical" align="center">
                <Avatar size={64} src={historySrcs[i]} />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {entry.addTime.slice(0, 10)}
                </Typography.Text>
                {entry.current ? (
                  <Typography.Text>当前使用</Typography.Text>
                ) : (
                  <Button
                    size="small"
                    autoInsertSpace={false}
                    loading={restore.isPending && restore.variables === entry.url}
                    onClick={() => restore.mutate(entry.url)}
                  >
                    使用
                  </Button>
                )}
              </Space>
            ))}
          </Space>
        )}
      </Card>
    </div>
  );
}
