import { useThemeStore, type ThemeMode } from '../../ui/theme-store';
import { Icon } from '../../ui';

const modes: { mode: ThemeMode; label: string; icon: 'sun' | 'moon' }[] = [
  { mode: 'light', label: 'Light', icon: 'sun' },
  { mode: 'dark', label: 'Dark', icon: 'moon' },
];

/** The Light and Dark buttons at the bottom of the drawer; the current one is pressed. */
export function DrawerThemeButtons({ compact }: { compact: boolean }) {
  const theme = useThemeStore((s) => s.theme);
  const setTheme = useThemeStore((s) => s.setTheme);
  return (
    <div className="theme-switch" role="group" aria-label="Theme">
      {modes.map(({ mode, label, icon }) => (
        <button
          key={mode}
          type="button"
          className={theme === mode ? 'theme-switch-btn active' : 'theme-switch-btn'}
          aria-pressed={theme === mode}
          aria-label={label}
          title={compact ? label : undefined}
          onClick={() => setTheme(mode)}
        >
          <Icon name={icon} size={16} />
          {!compact && <span>{label}</span>}
        </button>
      ))}
    </div>
  );
}
