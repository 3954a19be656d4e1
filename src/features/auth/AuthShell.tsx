import { useEffect } from 'react';
import { Link, Outlet } from 'react-router';
import { useProviderStore, useSelectedProvider } from './provider-store';
import { Logo, ThemeToggle } from '../../ui';
import { ProviderPicker } from './ProviderPicker';

/** The signed-out frame: top bar with brand, provider link and theme toggle; grid background below. */
export function AuthShell() {
  const load = useProviderStore((s) => s.load);
  const pickerOpen = useProviderStore((s) => s.pickerOpen);
  const setPickerOpen = useProviderStore((s) => s.setPickerOpen);
  const provider = useSelectedProvider();

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <div className="auth-shell">
      <header className="auth-topbar">
        <Link to="/" className="brand-link" aria-label="BotFlow home">
          <Logo />
        </Link>
        <div className="auth-topbar-end">
          {provider && (
            <button
              type="button"
              className="provider-link"
              title="Change the service provider"
              onClick={() => setPickerOpen(true)}
            >
              <span className="provider-link-dot" aria-hidden="true" />
              {provider.name}
            </button>
          )}
          <ThemeToggle />
        </div>
      </header>
      <main className="auth-content">
        <Outlet />
      </main>
      {pickerOpen && <ProviderPicker />}
    </div>
  );
}
