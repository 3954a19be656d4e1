import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { errorMessage, resetPassword, verifyResetLink } from '../../api/auth';
import { RESET_PASSWORD_REDIRECT_MS } from '../../core';
import { Alert, Button, Spinner, TextField } from '../../ui';
import { AuthCard } from './AuthCard';

/** /reset-password/:user_id/:token — reachable signed in or not (spec 3 §2, §5, §8). */
export function ResetPasswordPage() {
  const { user_id: userId = '', token = '' } = useParams();
  const navigate = useNavigate();
  const [verified, setVerified] = useState(false);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);
  const [message, setMessage] = useState<{ text: string; success: boolean } | null>(null);
  const homeTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(homeTimer.current), []);

  useEffect(() => {
    let current = true;
    // Spec 3 §8: a link that fails to verify is alerted and the user returns home; so is a network failure.
    verifyResetLink(userId, token)
      .then((result) => {
        if (!current) return;
        if (result.success) return setVerified(true);
        window.alert(result.message || 'This reset link is not valid.');
        navigate('/', { replace: true });
      })
      .catch((error) => {
        console.error('reset link check failed', error);
        if (current) navigate('/', { replace: true });
      });
    return () => {
      current = false;
    };
  }, [userId, token, navigate]);

  const mismatch = password !== '' && confirm !== '' && password !== confirm;
  const valid = password !== '' && confirm !== '' && !mismatch;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || sending || done) return;
    setSending(true);
    try {
      const result = await resetPassword(userId, token, password);
      setMessage({ text: result.message || '', success: result.success });
      if (result.success) {
        setDone(true);
        homeTimer.current = window.setTimeout(
          () => navigate('/', { replace: true }),
          RESET_PASSWORD_REDIRECT_MS,
        );
      }
    } catch (error) {
      setMessage({ text: errorMessage(error), success: false });
    }
    setSending(false);
  };

  return (
    <div className="auth-single">
      <AuthCard title="Choose a new password" subtitle="Pick something you do not use anywhere else.">
        {!verified ? (
          <div className="center-pad">
            <Spinner size={24} label="Checking your link" />
          </div>
        ) : (
          <form className="form" onSubmit={submit} noValidate>
            <TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={setPassword}
              autoFocus
            />
            <TextField
              label="Confirm password"
              type="password"
              autoComplete="new-password"
              value={confirm}
              onChange={setConfirm}
              error={mismatch ? 'Passwords do not match!' : undefined}
            />
            {message?.text && <Alert kind={message.success ? 'success' : 'error'}>{message.text}</Alert>}
            <Button type="submit" block loading={sending} disabled={!valid || done}>
              Confirm
            </Button>
          </form>
        )}
      </AuthCard>
    </div>
  );
}
