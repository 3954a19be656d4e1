// The sections later issues fill in (knowledge): their pages, each loaded on
// first visit by src/app/dashboard-routes.tsx.
export { KnowledgePage, knowledgeTabs } from './KnowledgePage';
