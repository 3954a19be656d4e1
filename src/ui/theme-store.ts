import { create } from 'zustand';
import { storageKeys } from '../api/storage';

export type ThemeMode = 'light' | 'dark';

function storedTheme(): ThemeMode {
  return localStorage.getItem(storageKeys.theme) === 'dark' ? 'dark' : 'light';
}

/** The `dark` class on <html> switches every CSS variable (src/styles/index.css). */
function applyTheme(theme: ThemeMode): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  document.documentElement.style.colorScheme = theme;
}

interface ThemeStore {
  theme: ThemeMode;
  setTheme: (theme: ThemeMode) => void;
  toggleTheme: () => void;
}

/** Spec 1 §4 Theme: light by default, restored from storage, stored as "dark" or "light". */
export const useThemeStore = create<ThemeStore>((set, get) => ({
  theme: storedTheme(),
  setTheme: (theme) => {
    applyTheme(theme);
    localStorage.setItem(storageKeys.theme, theme);
    set({ theme });
  },
  toggleTheme: () => get().setTheme(get().theme === 'dark' ? 'light' : 'dark'),
}));

// index.html already set the class before the first paint; this keeps color-scheme in step.
applyTheme(useThemeStore.getState().theme);
