import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage, requestPassword } from '../../api/auth';
import { isValidEmail } from '../../core';
import { Alert, Button, TextField } from '../../ui';
import { AuthCard } from './AuthCard';

export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  // Spec 1 §4: once the link is sent, Confirm stays disabled.
  const [sent, setSent] = useState(false);
  const [message, setMessage] = useState<{ text: string; success: boolean } | null>(null);
  // Judged once the visitor leaves the field, so typing is never interrupted by an error.
  const [left, setLeft] = useState(false);
  const emailError =
    left && email.trim() !== '' && !isValidEmail(email.trim())
      ? 'Please enter a valid email address'
      : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending || sent || !isValidEmail(email.trim())) return;
    setSending(true);
    try {
      const result = await requestPassword(email.trim());
      setMessage({ text: result.message || '', success: result.success });
      if (result.success) setSent(true);
    } catch (error) {
      setMessage({ text: errorMessage(error), success: false });
    }
    setSending(false);
  };

  return (
    <div className="auth-single">
      <AuthCard title="Reset your password">
        <form className="form" onSubmit={submit} noValidate>
          <TextField
            label="Enter your email"
            type="email"
            icon="mail"
            autoComplete="email"
            value={email}
            onChange={(value) => {
              setEmail(value);
              if (isValidEmail(value.trim())) setLeft(false);
            }}
            onBlur={() => setLeft(true)}
            hint="You will receive a reset link to confirm your email"
            error={emailError}
            autoFocus
          />
          {message?.text && <Alert kind={message.success ? 'success' : 'error'}>{message.text}</Alert>}
          <div className="form-actions">
            <Button variant="outline" onClick={() => navigate('/login')}>
              Go back
            </Button>
            <Button type="submit" loading={sending} disabled={sent || !isValidEmail(email.trim())}>
              Confirm
            </Button>
          </div>
        </form>
      </AuthCard>
    </div>
  );
}
