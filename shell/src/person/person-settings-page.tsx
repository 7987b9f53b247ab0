/** /person/index: who I am, my last login, and the change-password form. */
import { useState } from 'react';
import { Button, Card, Descriptions, Form, Input, Skeleton, Table, Tag } from 'antd';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { endpointKey, formatDateTime, MESSAGES, useSessionStore } from '@portal/shared-core';
import { changePassword, fetchCurrentUser, fetchOwnLoginRecords } from './person-api';

const LOGIN_ROWS = 10;

/** 我的登录记录: the user's own logins and failed attempts, newest first. */
function OwnLoginRecords() {
  const userId = useSessionStore((s) => s.user?.UserID ?? 0);
  const [page, setPage] = useState(1);
  const query = { page, rows: LOGIN_ROWS, userId };
  const records = useQuery({
    queryKey: endpointKey('api/user/getloglos', query),
    queryFn: () => fetchOwnLoginRecords(query),
    placeholderData: keepPreviousData,
  });
  return (
    <Table
      rowKey="id"
      size="small"
      dataSource={records.data?.rows ?? []}
      loading={records.isFetching}
      pagination={{ current: page, pageSize: LOGIN_ROWS, total: records.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
      locale={{ emptyText: records.isError ? '登录记录加载失败' : '暂无登录记录' }}
      columns={[
        { title: '时间', dataIndex: 'Date', width: 170 },
        { title: 'IP', dataIndex: 'IP', width: 140 },
        { title: '浏览器', dataIndex: 'browser' },
        { title: '结果', dataIndex: 'success', width: 80, render: (s: number) => (s === 1 ? <Tag color="green">成功</Tag> : <Tag color="red">失败</Tag>) },
      ]}
    />
  );
}

const PASSWORD_MIN = 6;
const PASSWORD_MAX = 32;

type PasswordForm = { oldpwd: string; newpwd: string; confirm: string };

export function PersonSettingsPage() {
  const current = useQuery({ queryKey: endpointKey('api/user/GetUser'), queryFn: fetchCurrentUser });
  const user = current.data ?? null;
  const loadFailed = current.isError;
  const [form] = Form.useForm<PasswordForm>();
  // A refusal: the client has shown the server's message.
  const passwordChange = useMutation({
    mutationFn: (values: PasswordForm) => changePassword(values.oldpwd, values.newpwd),
    onSuccess: () => form.resetFields(),
  });
  const saving = passwordChange.isPending;

  function handleFinish(values: PasswordForm) {
    passwordChange.mutate(values);
  }

  const dash = (value: string | null | undefined) => value || MESSAGES.empty;

  return (
    <div style={{ display: 'grid', gap: 16, maxWidth: 720 }}>
      <Card title="个人信息">
        {user ? (
          <Descriptions column={2} size="small">
            <Descriptions.Item label="姓名">{dash(user.NickName)}</Descriptions.Item>
            <Descriptions.Item label="角色">{dash(user.rolename)}</Descriptions.Item>
            <Descriptions.Item label="部门">{dash(user.BranchName)}</Descriptions.Item>
            <Descriptions.Item label="上次登录时间">{user.lastLogin ? formatDateTime(user.lastLogin.Date) : MESSAGES.empty}</Descriptions.Item>
            <Descriptions.Item label="上次登录IP">{dash(user.lastLogin?.IP)}</Descriptions.Item>
          </Descriptions>
        ) : loadFailed ? (
          MESSAGES.userInfoFailed
        ) : (
          <Skeleton active paragraph={{ rows: 2 }} />
        )}
      </Card>
      <Card title="修改密码">
        <Form<PasswordForm> form={form} labelCol={{ flex: '100px' }} onFinish={handleFinish} style={{ maxWidth: 420 }}>
          <Form.Item label="原密码" name="oldpwd" rules={[{ required: true, message: MESSAGES.required }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            label="新密码"
            name="newpwd"
            rules={[
              { required: true, message: MESSAGES.required },
              { min: PASSWORD_MIN, max: PASSWORD_MAX, message: `密码长度为${PASSWORD_MIN}-${PASSWORD_MAX}位` },
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            label="确认新密码"
            name="confirm"
            dependencies={['newpwd']}
            rules={[
              { required: true, message: MESSAGES.required },
              ({ getFieldValue }) => ({
                validator: (_, value) => (!value || value === getFieldValue('newpwd') ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一致'))),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item label=" " colon={false}>
            <Button type="primary" htmlType="submit" loading={saving}>
              保存
            </Button>
          </Form.Item>
        </Form>
      </Card>
      <Card title="我的登录记录">
        <OwnLoginRecords />
      </Card>
    </div>
  );
}
