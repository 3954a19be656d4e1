import { useEffect, useState } from 'react';
import type { Notification, NotificationBot, NotificationTemplate } from '../../core/api/notifications';
import { formatOccurrence } from '../../core/notifications';
import { Button } from '../../ui';

/** Spec 3 §4: the delete button asks 'Sure ?' for this long, then reverts. */
export const DELETE_CONFIRM_MS = 7000;

export interface NotificationCardProps {
  notification: Notification;
  bots: readonly NotificationBot[];
  templates: readonly NotificationTemplate[];
  onEdit: (notification: Notification) => void;
  onDelete: (notification: Notification) => Promise<void>;
}

const when = (iso: string | null, zone: string) => (iso ? formatOccurrence(Date.parse(iso), zone) : '—');

/** Spec 3 §2: one notification's card, with its delivery log (issue 18 item 6). */
export function NotificationCard({
  notification: n,
  bots,
  templates,
  onEdit,
  onDelete,
}: NotificationCardProps) {
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  useEffect(() => {
    if (!confirming) return;
    const timer = setTimeout(() => setConfirming(false), DELETE_CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [confirming]);

  const target = n.template_only
    ? templates.find((t) => t.id === n.flow_template_id)?.name
    : bots.find((b) => b.id === n.bot_id)?.name;
  const log = n.log;
  const remove = async () => {
    if (!confirming) return setConfirming(true);
    setDeleting(true);
    try {
      await onDelete(n);
    } finally {
      setDeleting(false);
      setConfirming(false);
    }
  };

  return (
    <article className="grid-card notification-card" aria-label={n.name}>
      <header className="notification-card-head">
        <h3 className="notification-card-name">{n.name}</h3>
        <span className={n.enabled ? 'notification-state active' : 'notification-state'}>
          {n.enabled ? 'Active' : 'Inactive'}
        </span>
      </header>
      <p className="notification-card-description">{n.description || 'No description'}</p>
      <dl className="notification-facts">
        <dt>Timezone</dt>
        <dd>{n.timezone}</dd>
        <dt>Start</dt>
        <dd>{when(n.start_at, n.timezone)}</dd>
        <dt>Stop</dt>
        <dd>{n.no_end_date || !n.end_at ? 'Forever' : when(n.end_at, n.timezone)}</dd>
        <dt>Repeat</dt>
        <dd>{n.repeat_minutes} minutes</dd>
        <dt>Repeat limit</dt>
        <dd>{n.no_repeat_limit || n.repeat_limit === null ? 'Unlimited' : n.repeat_limit}</dd>
        <dt>{n.template_only ? 'Template' : 'Bot'}</dt>
        <dd>{target ?? '—'}</dd>
      </dl>
      <section className="notification-log" aria-label="Delivery log">
        <p>
          <span>Last: {when(log.last_occurrence, n.timezone)}</span>
          <span>Next: {when(log.next_occurrence, n.timezone)}</span>
        </p>
        <p className="notification-counts">
          <span>{log.sent + log.delivered} sent</span>
          <span>{log.delivered} delivered</span>
          <span>{log.failed} failed</span>
          <span>{log.skipped} skipped</span>
        </p>
        {(log.reasons.length > 0 || log.skipped_occurrences > 0) && (
          <ul className="notification-reasons">
            {log.reasons.map((r) => (
              <li key={`${r.status}:${r.reason}`}>
                {r.status}: {r.reason} ({r.count})
              </li>
            ))}
            {log.skipped_occurrences > 0 && (
              <li>{log.skipped_occurrences} occurrences missed while the server was down</li>
            )}
          </ul>
        )}
        {log.failed_recipients.length > 0 && (
          <details>
            <summary>Failed recipients</summary>
            <ul>
              {log.failed_recipients.map((f) => (
                <li key={f.guest_id}>
                  {f.guest_id} ({f.channel}): {f.reason}
                </li>
              ))}
            </ul>
          </details>
        )}
      </section>
      <footer className="notification-card-actions">
        <Button variant="outline" onClick={() => onEdit(n)}>
          Edit
        </Button>
        <Button variant="danger" loading={deleting} onClick={() => void remove()}>
          {confirming ? 'Sure ?' : 'Delete'}
        </Button>
      </footer>
    </article>
  );
}
