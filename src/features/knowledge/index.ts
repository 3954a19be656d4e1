// Knowledge Sources (spec 3 §2, issue 17): the page, its tabs and their routes' components.
export { KnowledgePage, knowledgeTabs } from './KnowledgePage';
