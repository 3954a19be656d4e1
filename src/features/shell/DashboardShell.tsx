import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useDrawerStore } from '../../ui/drawer-store';
import { isUnder } from '../../core/session/route-sets';
import { IconButton, Spinner } from '../../ui';
import { Drawer } from './Drawer';
import { drawerLinks } from './drawer-links';

/** The signed-in frame: the drawer, a slim top bar with the menu button, and the section's page. */
export function DashboardShell() {
  const { pathname } = useLocation();
  const open = useDrawerStore((s) => s.open);
  const small = useDrawerStore((s) => s.small);
  const toggleOpen = useDrawerStore((s) => s.toggleOpen);
  const setOpen = useDrawerStore((s) => s.setOpen);
  const section = drawerLinks.find((link) => isUnder(pathname, link.to));

  const classes = ['dashboard', open ? 'drawer-open' : 'drawer-closed', small && 'drawer-small'];
  return (
    <div className={classes.filter(Boolean).join(' ')}>
      <Drawer />
      {/* On narrow views the open drawer overlays the page; a tap beside it closes it. */}
      <div className="drawer-scrim" aria-hidden="true" onClick={() => setOpen(false)} />
      <div className="dashboard-main">
        <header className="dashboard-topbar">
          <IconButton
            icon="menu"
            label={open ? 'Hide menu' : 'Show menu'}
            aria-expanded={open}
            aria-controls="dashboard-drawer"
            onClick={toggleOpen}
          />
          {section && <span className="dashboard-section">{section.label}</span>}
        </header>
        <main className="dashboard-content">
          <Suspense
            fallback={
              <div className="center-pad">
                <Spinner size={28} label="Loading" />
              </div>
            }
          >
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
