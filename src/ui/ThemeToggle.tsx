import { useThemeStore } from './theme-store';
import { IconButton } from './Button';

/** Moon in light mode, sun in dark mode; switches and stores the theme (spec 1 §4 Theme). */
export function ThemeToggle() {
  const theme = useThemeStore((s) => s.theme);
  const toggleTheme = useThemeStore((s) => s.toggleTheme);
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <IconButton
      icon={theme === 'dark' ? 'sun' : 'moon'}
      label={`Switch to ${next} mode`}
      onClick={toggleTheme}
    />
  );
}
