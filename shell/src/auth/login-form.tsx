/**
 * The login form of spec §2.1 in plain React and CSS: the page before login must stay light (issue
 * #13), so no antd and no icons here. The user name is trimmed, both fields are required, a failed
 * login shows the server's message. Used by the light first page (boot.tsx) and by the /login route.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { isApiError, MESSAGES, useSessionStore, useTabsStore } from '@portal/shared-core';
import { text } from '../i18n/shell-texts';
import { login, type LoginReply } from './login-api';
import './login-page.css';

export type LoginFormProps = {
  /** Called once the session is stored; the caller leaves for the redirect target. */
  onLoggedIn: () => void;
  /** Called on the first keystroke or focus: a hint to fetch what comes after login. */
  onFirstInput?: () => void;
};

type FieldErrors = { username?: string; password?: string };

export function LoginForm({ onLoggedIn, onFirstInput }: LoginFormProps) {
  const id = useId();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [hinted, setHinted] = useState(false);

  useEffect(() => {
    document.title = `${text('login')} - ${text('appTitle')}`;
  }, []);

  function hint() {
    if (hinted) return;
    setHinted(true);
    onFirstInput?.();
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const name = username.trim();
    const errors: FieldErrors = { username: name ? undefined : text('usernameRequired'), password: password ? undefined : text('passwordRequired') };
    setFieldErrors(errors);
    if (errors.username || errors.password) return;
    setSubmitting(true);
    setError(null);
    let reply: LoginReply;
    try {
      reply = await login(name, password);
    } catch (e) {
      setError(isApiError(e) ? e.message : MESSAGES.responseFailed);
      setSubmitting(false);
      return;
    }
    useTabsStore.getState().resetTabs();
    useSessionStore.getState().login(reply.data, reply.model);
    onLoggedIn();
  }

  const field = (name: 'username' | 'password', value: string, set: (v: string) => void, autoComplete: string) => {
    const inputId = `${id}-${name}`;
    const message = fieldErrors[name];
    return (
      <div className={`login-field${message ? ' login-field-invalid' : ''}`}>
        <label htmlFor={inputId}>{text(name)}</label>
        <input
          id={inputId}
          name={name}
          type={name === 'password' ? 'password' : 'text'}
          autoComplete={autoComplete}
          placeholder={text(name === 'username' ? 'usernameRequired' : 'passwordRequired')}
          value={value}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${inputId}-error` : undefined}
          onFocus={hint}
          onChange={(e) => {
            set(e.target.value);
            if (message) setFieldErrors((f) => ({ ...f, [name]: undefined }));
          }}
        />
        {message && (
          <div id={`${inputId}-error`} className="login-field-error">
            {message}
          </div>
        )}
      </div>
    );
  };

  return (
    <div className="login-page">
      <form className="login-card" onSubmit={handleSubmit} noValidate>
        <h1 className="login-title">{text('appTitle')}</h1>
        {error && (
          <div className="login-error" role="alert">
            {error}
          </div>
        )}
        {field('username', username, setUsername, 'username')}
        {field('password', password, setPassword, 'current-password')}
        <button type="submit" className="login-submit" disabled={submitting} aria-busy={submitting}>
          {submitting && <span className="login-spinner" aria-hidden="true" />}
          {text('login')}
        </button>
      </form>
    </div>
  );
}
