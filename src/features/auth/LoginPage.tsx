import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { errorMessage, login } from '../../api/auth';
import { setAccessToken } from '../../api/storage';
import { useSelectedProvider } from './provider-store';
import { Alert, Button, TextField } from '../../ui';
import { AuthCard } from './AuthCard';
import { FeaturePanel } from './FeaturePanel';

export function LoginPage() {
  const provider = useSelectedProvider();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState('');

  // Spec 1 §4: any edit clears the previous response message.
  const edit = (apply: (value: string) => void) => (value: string) => {
    apply(value);
    setMessage('');
  };
  const valid = email.trim() !== '' && password.trim() !== '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || sending || !provider) return;
    setSending(true);
    try {
      const result = await login(email.trim(), password, provider.mre_call_provider_id);
      if (result.success && result.access_token) {
        setAccessToken(result.access_token);
        // A full load at the root: the session, route set and stores all start from the new token.
        window.location.replace('/');
        return;
      }
      setMessage(result.message || 'Unable to log in.');
    } catch (error) {
      console.error('login failed', error);
      setMessage(errorMessage(error));
    }
    setSending(false);
  };

  return (
    <div className="auth-split">
      <FeaturePanel title="Welcome back !" subtitle="Empower your bots, automate customer interactions." />
      <AuthCard title="Log in to your account" subtitle="Use the email you signed up with." level={2}>
        <form className="form" onSubmit={submit} noValidate>
          <TextField
            label="Email"
            type="email"
            icon="mail"
            autoComplete="email"
            value={email}
            onChange={edit(setEmail)}
          />
          <TextField
            label="Password"
            type="password"
            icon="lock"
            autoComplete="current-password"
            value={password}
            onChange={edit(setPassword)}
          />
          <p className="form-aside">
            Forgot your password? <Link to="/forget-password">Reset</Link>
          </p>
          {message && <Alert kind="error">{message}</Alert>}
          <Button type="submit" block loading={sending} disabled={!valid || !provider}>
            Login
          </Button>
        </form>
        <p className="auth-switch">
          Don&apos;t have an account yet? <Link to="/signup">Sign up</Link>
        </p>
      </AuthCard>
    </div>
  );
}
