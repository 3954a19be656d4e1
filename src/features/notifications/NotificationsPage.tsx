import { useEffect, useState } from 'react';
import type { Notification, NotificationsAnswer } from '../../core/api/notifications';
import { Alert, Button, IntroHeading, SearchField } from '../../ui';
import { NotificationCard } from './NotificationCard';
import { NotificationDialog } from './NotificationDialog';
import { deleteNotification, fetchNotifications } from './notifications-api';
import './notifications.css';

export const EMPTY_TEXT =
  'No notification available yet. Start by creating a new notification to see it here!';

/** The Notifications screen (spec 3 §2): search by name, Add notification, a card grid. */
export function NotificationsPage() {
  const [data, setData] = useState<NotificationsAnswer | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<Notification | 'new' | null>(null);

  useEffect(() => {
    fetchNotifications()
      .then(setData)
      .catch((error: Error) => setLoadError(error.message));
  }, []);

  const list = data?.notifications ?? [];
  const needle = query.trim().toLowerCase();
  const shown = needle ? list.filter((n) => n.name.toLowerCase().includes(needle)) : list;

  const saved = (n: Notification) => {
    setData(
      (d) =>
        d && {
          ...d,
          notifications: d.notifications.some((x) => x.id === n.id)
            ? d.notifications.map((x) => (x.id === n.id ? n : x))
            : [...d.notifications, n],
        },
    );
    setEditing(null);
  };
  const remove = async (n: Notification) => {
    setActionError(null);
    try {
      await deleteNotification(n.id);
      setData((d) => d && { ...d, notifications: d.notifications.filter((x) => x.id !== n.id) });
    } catch (error) {
      setActionError((error as Error).message);
    }
  };

  return (
    <section className="page notifications-page">
      <div className="list-toolbar notifications-toolbar">
        <IntroHeading title="Notifications" subtitle="Scheduled messages to the guests of your bots" />
        <div className="list-actions notifications-actions">
          <SearchField
            label="Search notifications"
            placeholder="Search by name"
            value={query}
            onChange={setQuery}
          />
          <Button icon="bell" onClick={() => setEditing('new')} disabled={!data}>
            Add notification
          </Button>
        </div>
      </div>
      {loadError && <Alert kind="error">{loadError}</Alert>}
      {actionError && <Alert kind="error">{actionError}</Alert>}
      {data && list.length === 0 && <p className="card-grid-empty notifications-empty">{EMPTY_TEXT}</p>}
      {data && list.length > 0 && (
        <div className="card-grid notifications-grid">
          {shown.map((n) => (
            <NotificationCard
              key={n.id}
              notification={n}
              bots={data.bots}
              templates={data.templates}
              onEdit={setEditing}
              onDelete={remove}
            />
          ))}
          {shown.length === 0 && (
            <p className="card-grid-empty notifications-empty">
              No notification name contains “{query.trim()}”.
            </p>
          )}
        </div>
      )}
      {data && editing && (
        <NotificationDialog
          notification={editing === 'new' ? null : editing}
          lists={data}
          onSaved={saved}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}
