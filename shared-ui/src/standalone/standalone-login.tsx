/** A bare login form for running a remote standalone; the real login page lives in the shell. */
import { Button, Card, Form, Input } from 'antd';
import { api, useSessionStore, type LoginData, type PermissionTree } from '@portal/shared-core';
import { requiredRule } from '../form-panel/required-rule';

type Credentials = { username: string; password: string };

export function StandaloneLogin() {
  const login = useSessionStore((s) => s.login);

  async function handleFinish({ username, password }: Credentials) {
    try {
      const reply = await api.command<LoginData>('api/user/login', { username: username.trim(), password });
      if (reply.data) login(reply.data, (reply.model as PermissionTree | undefined) ?? null);
    } catch {
      // The API client has shown the server's message.
    }
  }

  return (
    <Card title="登录（独立运行）" style={{ width: 360, margin: '120px auto' }}>
      <Form<Credentials> layout="vertical" onFinish={handleFinish}>
        <Form.Item name="username" label="用户名" rules={[requiredRule('input')]}>
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item name="password" label="密码" rules={[requiredRule('input')]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block>
          登录
        </Button>
      </Form>
    </Card>
  );
}
