import type { IconName } from '../../ui';

export interface DrawerLink {
  label: string;
  to: string;
  icon: IconName;
}

/** Spec 1 §2: the drawer's sections, in order. Settings is listed apart because it is disabled for all. */
export const drawerLinks: readonly DrawerLink[] = [
  { label: 'Bots', to: '/bots', icon: 'bot' },
  { label: 'Flow', to: '/flow', icon: 'flow' },
  { label: 'Theme', to: '/theme', icon: 'palette' },
  { label: 'Knowledge Sources', to: '/nlp', icon: 'book' },
  { label: 'Notifications', to: '/notifications', icon: 'bell' },
];

export const settingsLink: DrawerLink = { label: 'Settings', to: '/settings', icon: 'settings' };
