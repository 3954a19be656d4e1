import { useId, useMemo, useState, type ReactNode } from 'react';
import { DateTime } from 'luxon';
import type { Notification, NotificationsAnswer } from '../../core/api/notifications';
import {
  canSave,
  fromLocalInput,
  newNotification,
  notificationProblems,
  occurrencePreview,
  scheduleOf,
  settleNotification,
  toLocalInput,
  type NotificationFields,
} from '../../core/notifications';
import { Alert, Button, FieldFrame, Modal, NumberField, Switch, TextField } from '../../ui';
import { saveNotification } from './notifications-api';

type Tab = 'general' | 'templates';
const TABS: Tab[] = ['general', 'templates'];
const TAB_TITLES: Record<Tab, string> = { general: 'General', templates: 'Templates' };

/** The author's own zone (the browser's). */
export const ownZone = () => DateTime.local().zoneName;

function fieldsOf(n: Notification): NotificationFields {
  const { id: _id, created_at: _c, updated_at: _u, log: _l, ...fields } = n;
  return fields;
}

export interface NotificationDialogProps {
  /** null: a new notification. */
  notification: Notification | null;
  lists: Pick<NotificationsAnswer, 'timezones' | 'bots' | 'templates'>;
  onSaved: (notification: Notification) => void;
  onClose: () => void;
}

/** Spec 3 §2, §5: the add/update modal with the general and templates tabs. */
export function NotificationDialog({ notification, lists, onSaved, onClose }: NotificationDialogProps) {
  const loaded = useMemo(() => (notification ? fieldsOf(notification) : null), [notification]);
  const [form, setForm] = useState<NotificationFields>(
    () => loaded ?? newNotification(Date.now(), ownZone()),
  );
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [tab, setTab] = useState<Tab>('general');
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const tabsId = useId();

  const edit = (change: Partial<NotificationFields>) => {
    setForm((f) => ({ ...f, ...change }));
    setTouched((t) => new Set([...t, ...Object.keys(change)]));
  };
  const settled = settleNotification(form);
  const problems = notificationProblems(settled);
  const errorOf = (field: keyof NotificationFields) =>
    touched.has(field) ? problems.find((p) => p.field === field)?.message : undefined;
  const savable = canSave(form, loaded);
  const changed = loaded === null || JSON.stringify(settled) !== JSON.stringify(settleNotification(loaded));
  const preview = problems.some((p) =>
    ['start_at', 'repeat_minutes', 'timezone', 'end_at', 'repeat_limit'].includes(p.field),
  )
    ? []
    : occurrencePreview(scheduleOf(form), Date.now(), ownZone());

  // A new zone keeps the wall-clock times typed (09:00 stays 09:00, now in the new zone).
  const changeZone = (timezone: string) => {
    const move = (iso: string | null) =>
      iso ? fromLocalInput(toLocalInput(iso, form.timezone), timezone) || iso : iso;
    edit({ timezone, start_at: move(form.start_at) ?? '', end_at: move(form.end_at) });
  };

  const save = async () => {
    setSaving(true);
    setFailure(null);
    try {
      onSaved(await saveNotification(settled, notification?.id ?? null));
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setSaving(false);
    }
  };

  const general: ReactNode = (
    <div className="notification-form">
      <TextField
        label="Name"
        value={form.name}
        onChange={(name) => edit({ name })}
        error={errorOf('name')}
        required
      />
      <TextField
        label="Description"
        type="textarea"
        rows={2}
        value={form.description}
        onChange={(description) => edit({ description })}
      />
      <Switch label="Active" checked={form.enabled} onChange={(enabled) => edit({ enabled })} />
      <SelectField
        label="Timezone"
        value={form.timezone}
        options={lists.timezones.map((z) => ({ value: z, label: z }))}
        onChange={changeZone}
        error={errorOf('timezone')}
      />
      <DateTimeField
        label="Start"
        value={toLocalInput(form.start_at, form.timezone)}
        onChange={(text) => edit({ start_at: fromLocalInput(text, form.timezone) })}
        error={errorOf('start_at')}
      />
      <Switch label="Forever" checked={form.no_end_date} onChange={(no_end_date) => edit({ no_end_date })} />
      {!form.no_end_date && (
        <DateTimeField
          label="Stop"
          value={toLocalInput(form.end_at, form.timezone)}
          onChange={(text) => edit({ end_at: fromLocalInput(text, form.timezone) || null })}
          error={errorOf('end_at')}
          hint="Left empty: 30 days after the start"
        />
      )}
      <NumberField
        label="Repeat (minutes)"
        min={1}
        step={1}
        value={form.repeat_minutes}
        onChange={(repeat_minutes) => edit({ repeat_minutes })}
        error={errorOf('repeat_minutes')}
      />
      <Switch
        label="Unlimited"
        checked={form.no_repeat_limit}
        onChange={(no_repeat_limit) => edit({ no_repeat_limit })}
      />
      {!form.no_repeat_limit && (
        <NumberField
          label="Repeat limit"
          min={1}
          step={1}
          value={form.repeat_limit}
          onChange={(repeat_limit) => edit({ repeat_limit })}
          error={errorOf('repeat_limit')}
          hint="Left empty: 1"
        />
      )}
      <section className="notification-preview" aria-label="Next occurrences">
        <h3>Next occurrences</h3>
        {preview.length === 0 ? (
          <p className="notification-muted">No occurrence ahead.</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th scope="col">{form.timezone}</th>
                <th scope="col">Your time ({ownZone()})</th>
              </tr>
            </thead>
            <tbody>
              {preview.map((p) => (
                <tr key={p.at}>
                  <td>{p.there}</td>
                  <td>{p.here}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );

  const templates: ReactNode = (
    <div className="notification-form">
      <Switch
        label="Template only"
        checked={form.template_only}
        onChange={(template_only) => edit({ template_only })}
      />
      {form.template_only ? (
        <SelectField
          label="Flow template"
          value={form.flow_template_id === null ? '' : String(form.flow_template_id)}
          options={lists.templates.map((t) => ({ value: String(t.id), label: `${t.name} (${t.bot_name})` }))}
          onChange={(id) => edit({ flow_template_id: id ? Number(id) : null })}
          error={errorOf('flow_template_id')}
        />
      ) : (
        <SelectField
          label="Bot"
          value={form.bot_id === null ? '' : String(form.bot_id)}
          options={lists.bots.map((b) => ({ value: String(b.id), label: b.name }))}
          onChange={(id) => edit({ bot_id: id ? Number(id) : null })}
          error={errorOf('bot_id')}
        />
      )}
      <fieldset className="notification-bots">
        <legend>Guests of these bots receive it</legend>
        {lists.bots.map((bot) => (
          <label key={bot.id}>
            <input
              type="checkbox"
              checked={form.interacted_bots.includes(bot.id)}
              onChange={(e) =>
                edit({
                  interacted_bots: e.target.checked
                    ? [...form.interacted_bots, bot.id]
                    : form.interacted_bots.filter((id) => id !== bot.id),
                })
              }
            />
            {bot.name}
          </label>
        ))}
      </fieldset>
      <TextField
        label="WhatsApp message template"
        value={form.whatsapp_template ?? ''}
        onChange={(text) => edit({ whatsapp_template: text || null })}
        hint="An approved template sent outside the 24-hour window; without one those guests are skipped."
      />
    </div>
  );

  return (
    <Modal
      title={notification ? 'Update notification' : 'Add notification'}
      subtitle={notification?.name}
      onClose={onClose}
      size="lg"
      unsaved={changed && loaded !== null}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!savable} loading={saving} onClick={() => void save()}>
            Save
          </Button>
        </>
      }
    >
      {failure && <Alert kind="error">{failure}</Alert>}
      <div className="notification-tabs" role="tablist" aria-label="Notification settings">
        {TABS.map((name) => (
          <button
            key={name}
            id={`${tabsId}-${name}`}
            type="button"
            role="tab"
            aria-selected={tab === name}
            aria-controls={`${tabsId}-panel`}
            className={tab === name ? 'notification-tab selected' : 'notification-tab'}
            onClick={() => setTab(name)}
          >
            {TAB_TITLES[name]}
            {problems.some(
              (p) => touched.has(p.field) && (name === 'templates') === TEMPLATE_FIELDS.has(p.field),
            ) && <span className="notification-tab-problem" aria-label="(has a problem)" />}
          </button>
        ))}
      </div>
      <div id={`${tabsId}-panel`} role="tabpanel" aria-labelledby={`${tabsId}-${tab}`}>
        {tab === 'general' ? general : templates}
      </div>
    </Modal>
  );
}

const TEMPLATE_FIELDS = new Set<string>([
  'flow_template_id',
  'bot_id',
  'interacted_bots',
  'whatsapp_template',
]);

function SelectField(props: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <FieldFrame id={id} label={props.label} error={props.error}>
      <select
        id={id}
        className="input"
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      >
        <option value="">Choose…</option>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

function DateTimeField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
}) {
  const id = useId();
  return (
    <FieldFrame id={id} label={props.label} error={props.error} hint={props.hint}>
      <input
        id={id}
        className="input"
        type="datetime-local"
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </FieldFrame>
  );
}
