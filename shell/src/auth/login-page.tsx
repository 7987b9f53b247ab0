/**
 * /login (spec §2.1): user name trimmed, server message on failure, `?redirect=` honoured.
 * No @ant-design/icons here: the shared icon package is large and the login page should stay light.
 */
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { isApiError, MESSAGES, useSessionStore, useTabsStore } from '@portal/shared-core';
import { text } from '../i18n/shell-texts';
import { login, type LoginReply } from './login-api';
import { safeRedirect } from './safe-redirect';
import './login-page.css';

type LoginForm = { username: string; password: string };

export function LoginPage() {
  const token = useSessionStore((s) => s.token);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    document.title = `${text('login')} - ${text('appTitle')}`;
  }, []);

  if (token && !submitting) return <Navigate to="/" replace />;

  async function handleFinish(values: LoginForm) {
    setSubmitting(true);
    setError(null);
    let reply: LoginReply;
    try {
      reply = await login(values.username.trim(), values.password);
    } catch (e) {
      setError(isApiError(e) ? e.message : MESSAGES.responseFailed);
      setSubmitting(false);
      return;
    }
    // `submitting` stays true: this page is leaving for the redirect target, not for the root.
    useTabsStore.getState().resetTabs();
    useSessionStore.getState().login(reply.data, reply.model);
    navigate(safeRedirect(params.get('redirect')), { replace: true });
  }

  return (
    <div className="login-page">
      <Card className="login-card">
        <Typography.Title level={3} className="login-title">
          {text('appTitle')}
        </Typography.Title>
        {error && <Alert type="error" title={error} showIcon className="login-error" role="alert" />}
        <Form<LoginForm> layout="vertical" onFinish={handleFinish} requiredMark={false} size="large">
          <Form.Item label={text('username')} name="username" rules={[{ required: true, whitespace: true, message: text('usernameRequired') }]}>
            <Input autoComplete="username" placeholder={text('usernameRequired')} />
          </Form.Item>
          <Form.Item label={text('password')} name="password" rules={[{ required: true, message: text('passwordRequired') }]}>
            <Input.Password autoComplete="current-password" placeholder={text('passwordRequired')} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            {text('login')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
