import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage, signup, type SignupFields } from '../../api/auth';
import { setAccessToken } from '../../api/storage';
import { useSelectedProvider } from './provider-store';
import { useSessionStore } from '../../api/session-store';
import { PASSWORD_RULE } from '../../core';
import { Alert, Button, TextField } from '../../ui';
import { AuthCard } from './AuthCard';
import { FeaturePanel } from './FeaturePanel';
import { PRIVACY_POLICY_URL, TERMS_OF_USE_URL } from './legal-links';

type Field = keyof SignupFields;
const empty: SignupFields = { first_name: '', last_name: '', email: '', username: '', password: '' };
const isComplete = (form: SignupFields) => Object.values(form).every((value) => value.trim() !== '');

export function SignupPage() {
  const provider = useSelectedProvider();
  const loadSession = useSessionStore((s) => s.load);
  const navigate = useNavigate();
  const [form, setForm] = useState<SignupFields>(empty);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [message, setMessage] = useState<{ text: string; success: boolean } | null>(null);
  const [sending, setSending] = useState(false);

  const valid = isComplete(form);

  const update = (field: Field) => (value: string) => {
    const next = { ...form, [field]: value };
    setForm(next);
    setFieldErrors((errors) => ({ ...errors, [field]: undefined }));
    // Spec 1 §4: the message clears when the form becomes valid.
    if (isComplete(next)) setMessage(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || sending || !provider) return;
    setSending(true);
    setMessage(null);
    try {
      const result = await signup(form, provider);
      if (result.success && result.access_token) {
        setAccessToken(result.access_token);
        await loadSession();
        navigate('/confirm-email', { replace: true });
        return;
      }
      const text = result.message || 'Unable to sign up.';
      // Spec 1 §5: an error naming one of our fields shows under it; the rest go to the alert.
      const key = result.success ? undefined : result.key;
      if (key && key in empty) setFieldErrors({ [key]: text });
      else setMessage({ text, success: result.success });
    } catch (error) {
      console.error('signup failed', error);
      setMessage({ text: errorMessage(error), success: false });
    }
    setSending(false);
  };

  const field = (name: Field, label: string, type: 'text' | 'email' | 'password', autoComplete: string) => (
    <TextField
      label={label}
      type={type}
      autoComplete={autoComplete}
      value={form[name]}
      onChange={update(name)}
      error={fieldErrors[name]}
      // The rule shows before the first try, not only in the refusal.
      hint={name === 'password' ? PASSWORD_RULE : undefined}
    />
  );

  return (
    <div className="auth-split">
      <FeaturePanel
        title="Join Us Today !"
        subtitle="Transform customer experiences with powerful bot automation."
      />
      <AuthCard title="Create your account" subtitle="It takes less than a minute." level={2}>
        <form className="form" onSubmit={submit} noValidate>
          <div className="form-row">
            {field('first_name', 'First name', 'text', 'given-name')}
            {field('last_name', 'Last name', 'text', 'family-name')}
          </div>
          {field('email', 'Email', 'email', 'email')}
          {field('username', 'Username', 'text', 'username')}
          {field('password', 'Password', 'password', 'new-password')}
          <p className="consent">
            By signing up, you agree to our{' '}
            <a href={TERMS_OF_USE_URL} target="_blank" rel="noopener noreferrer">
              terms of use
            </a>{' '}
            and{' '}
            <a href={PRIVACY_POLICY_URL} target="_blank" rel="noopener noreferrer">
              privacy policy
            </a>
            .
          </p>
          {message && <Alert kind={message.success ? 'success' : 'error'}>{message.text}</Alert>}
          <Button type="submit" block loading={sending} disabled={!valid || !provider}>
            Sign up
          </Button>
        </form>
        <p className="auth-switch">
          Already have an account? <Link to="/login">Login</Link>
        </p>
      </AuthCard>
    </div>
  );
}
