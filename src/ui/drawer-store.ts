import { create } from 'zustand';
import { storageKeys } from '../api/storage';

/** Below this width the drawer overlays the content and hides after a link is chosen. */
export const NARROW_VIEW_QUERY = '(max-width: 900px)';

export function isNarrowView(): boolean {
  return window.matchMedia(NARROW_VIEW_QUERY).matches;
}

interface DrawerStore {
  open: boolean;
  /** Small mode: icons only. Persisted as the string "true" or "false" (spec 1 §3). */
  small: boolean;
  setOpen: (open: boolean) => void;
  toggleOpen: () => void;
  toggleSmall: () => void;
}

/**
 * The dashboard drawer's state. It lives in the app layer because pages other than the shell (the
 * flow editor) offer their own button that opens and closes the drawer.
 */
export const useDrawerStore = create<DrawerStore>((set, get) => ({
  open: !isNarrowView(),
  small: localStorage.getItem(storageKeys.smallDrawer) === 'true',
  setOpen: (open) => set({ open }),
  toggleOpen: () => set({ open: !get().open }),
  toggleSmall: () => {
    const small = !get().small;
    localStorage.setItem(storageKeys.smallDrawer, String(small));
    set({ small });
  },
}));
