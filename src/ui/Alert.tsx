import type { ReactNode } from 'react';
import { Icon, type IconName } from './icons';

/** Spec 1 §2: info, error and warning (default info); success is used for positive server answers. */
export type AlertKind = 'info' | 'error' | 'warning' | 'success';

const icons: Record<AlertKind, IconName> = {
  info: 'info',
  error: 'error',
  warning: 'alert',
  success: 'checkCircle',
};

export function Alert({ kind = 'info', children }: { kind?: AlertKind; children: ReactNode }) {
  // Errors interrupt (role alert); the rest are announced politely.
  return (
    <div className={`alert alert-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      <Icon name={icons[kind]} size={18} />
      <div className="alert-body">{children}</div>
    </div>
  );
}
