import { useEffect, useRef, useState, type FormEvent } from 'react';
import { confirmEmail, errorMessage, resendCode } from '../../api/auth';
import { RESEND_COUNTDOWN_SECONDS, RESEND_MESSAGE_CLEAR_MS } from '../../core';
import { Alert, Button, TextField } from '../../ui';
import { AuthCard } from './AuthCard';
import { useCountdown } from './use-countdown';

type Message = { text: string; success: boolean } | null;

export function ConfirmEmailPage() {
  const [code, setCode] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [resending, setResending] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const [remaining, startCountdown] = useCountdown();
  const clearTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(clearTimer.current), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (confirming || code.trim() === '') return;
    setConfirming(true);
    try {
      const result = await confirmEmail(code.trim());
      if (result.success) {
        // Spec 1 §4: a verified account starts over at the root with the full route set.
        window.location.replace('/');
        return;
      }
      setMessage({ text: result.message || 'The code is not valid.', success: false });
    } catch (error) {
      setMessage({ text: errorMessage(error), success: false });
    }
    setConfirming(false);
  };

  const resend = async () => {
    if (resending || remaining > 0) return;
    setResending(true);
    startCountdown(RESEND_COUNTDOWN_SECONDS);
    let answer: Message;
    try {
      const result = await resendCode();
      answer = { text: result.message || '', success: result.success };
    } catch (error) {
      answer = { text: errorMessage(error), success: false };
    }
    setResending(false);
    setMessage(answer);
    window.clearTimeout(clearTimer.current);
    clearTimer.current = window.setTimeout(() => setMessage(null), RESEND_MESSAGE_CLEAR_MS);
  };

  const resendLabel = resending ? 'Sending ...' : remaining > 0 ? `Resend (${remaining}s)` : 'Resend';

  return (
    <div className="auth-single">
      <AuthCard
        title="Confirm your email"
        subtitle="We sent a six-digit code to the address you signed up with."
      >
        <form className="form" onSubmit={submit} noValidate>
          <TextField
            label="Please enter the code you receive on your email"
            value={code}
            autoComplete="one-time-code"
            autoFocus
            onChange={(value) => {
              setCode(value);
              setMessage(null);
            }}
          />
          {message?.text && <Alert kind={message.success ? 'success' : 'error'}>{message.text}</Alert>}
          <Button type="submit" block loading={confirming} disabled={code.trim() === ''}>
            Confirm
          </Button>
        </form>
        <p className="auth-switch">
          Didn&apos;t receive ?{' '}
          <button
            type="button"
            className="link-button"
            disabled={resending || remaining > 0}
            onClick={() => void resend()}
          >
            {resendLabel}
          </button>
        </p>
      </AuthCard>
    </div>
  );
}
