import { NavLink, Outlet } from 'react-router';
import { PlaceholderPage } from './PlaceholderPage';

/** Knowledge Sources with its three tabs; the router sends unknown sub-paths to files (spec 3 §2). */
export function KnowledgePage() {
  return (
    <PlaceholderPage title="Knowledge Sources" subtitle="List and search for your Files, Links and Videos">
      <nav className="tabs" aria-label="Knowledge source kinds">
        {[
          ['files', 'Files'],
          ['links', 'Links'],
          ['videos', 'Videos'],
        ].map(([path, label]) => (
          <NavLink key={path} to={path} className={({ isActive }) => (isActive ? 'tab active' : 'tab')}>
            {label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </PlaceholderPage>
  );
}

function KnowledgeTab({ kind }: { kind: string }) {
  return <h2 className="tab-heading">{kind}</h2>;
}

/** The page shown under each tab route. */
export const knowledgeTabs = {
  files: () => <KnowledgeTab kind="Files" />,
  links: () => <KnowledgeTab kind="Links" />,
  videos: () => <KnowledgeTab kind="Videos" />,
};
