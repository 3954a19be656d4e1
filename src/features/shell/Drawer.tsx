import { Link, useLocation } from 'react-router';
import { isNarrowView, useDrawerStore } from '../../ui/drawer-store';
import { useSessionStore } from '../../api/session-store';
import { isUnder } from '../../core/session/route-sets';
import { Icon, IconButton, Logo } from '../../ui';
import { drawerLinks, settingsLink } from './drawer-links';
import { DrawerThemeButtons } from './DrawerThemeButtons';

export function Drawer() {
  const { pathname } = useLocation();
  const user = useSessionStore((s) => s.user);
  const logout = useSessionStore((s) => s.logout);
  const small = useDrawerStore((s) => s.small);
  const toggleSmall = useDrawerStore((s) => s.toggleSmall);
  const setOpen = useDrawerStore((s) => s.setOpen);
  // Spec 1 §4: links only for a verified, not deleted user.
  const showLinks = user != null && Number(user.is_email_verified) === 1 && Number(user.is_deleted) === 0;

  return (
    <aside id="dashboard-drawer" className="drawer" aria-label="Main menu">
      <div className="drawer-header">
        <Logo markOnly={small} />
        <IconButton icon="close" label="Close menu" className="drawer-close" onClick={() => setOpen(false)} />
      </div>
      {user && (
        <div className="drawer-user" title={small ? user.username : undefined}>
          <span className="avatar">{user.acronym}</span>
          <span className="drawer-user-name">{user.username}</span>
        </div>
      )}
      <nav className="drawer-nav" aria-label="Sections">
        {showLinks &&
          drawerLinks.map((link) => {
            const active = isUnder(pathname, link.to);
            return (
              <Link
                key={link.to}
                to={link.to}
                className={active ? 'drawer-link active' : 'drawer-link'}
                aria-current={active ? 'page' : undefined}
                title={small ? link.label : undefined}
                onClick={() => isNarrowView() && setOpen(false)}
              >
                <Icon name={link.icon} />
                <span className="drawer-link-label">{link.label}</span>
              </Link>
            );
          })}
        <hr className="divider" />
        <span className="drawer-link disabled" role="link" aria-disabled="true" title="Coming soon">
          <Icon name={settingsLink.icon} />
          <span className="drawer-link-label">{settingsLink.label}</span>
        </span>
        <button
          type="button"
          className="drawer-link"
          title={small ? 'Logout' : undefined}
          onClick={() => void logout()}
        >
          <Icon name="logout" />
          <span className="drawer-link-label">Logout</span>
        </button>
      </nav>
      <div className="drawer-footer">
        <DrawerThemeButtons compact={small} />
        <IconButton
          icon={small ? 'chevronsRight' : 'chevronsLeft'}
          label={small ? 'Expand menu' : 'Collapse menu'}
          className="drawer-collapse"
          onClick={toggleSmall}
        />
      </div>
    </aside>
  );
}
