import { NavLink, Outlet } from 'react-router';
import { IntroHeading } from '../../ui';
import { GapsPanel } from './GapsPanel';
import { KnowledgeTab } from './KnowledgeTab';
import { RetrievalPanel } from './RetrievalPanel';
import './knowledge.css';

const TABS = [
  ['files', 'Files'],
  ['links', 'Links'],
  ['videos', 'Videos'],
] as const;

/**
 * Knowledge Sources (spec 3 §2): tabs Files, Links and Videos (the router sends unknown
 * sub-paths to files), then the retrieval test panel and the questions AI nodes could not
 * answer from the sources (issue 17).
 */
export function KnowledgePage() {
  return (
    <div className="page knowledge-page">
      <IntroHeading title="Knowledge Sources" subtitle="List and search for your Files, Links and Videos" />
      <nav className="tabs" aria-label="Knowledge source kinds">
        {TABS.map(([path, label]) => (
          <NavLink key={path} to={path} className={({ isActive }) => (isActive ? 'tab active' : 'tab')}>
            {label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
      <div className="knowledge-tools">
        <RetrievalPanel />
        <GapsPanel />
      </div>
    </div>
  );
}

/** The page shown under each tab route. */
export const knowledgeTabs = {
  files: () => <KnowledgeTab kind="files" />,
  links: () => <KnowledgeTab kind="links" />,
  videos: () => <KnowledgeTab kind="videos" />,
};
