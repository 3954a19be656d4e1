import { useEffect, useMemo, useState } from 'react';
import { useSessionStore } from '../../api/session-store';
import type { KnowledgeItem, KnowledgeLink } from '../../core/api/knowledge';
import { foundCount, KNOWLEDGE_SEARCH_DEBOUNCE_MS, NOTHING_FOUND } from '../../core/knowledge';
import { Alert, Button, SearchField } from '../../ui';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { AddFileDialog } from './AddFileDialog';
import { AddLinkDialog, AddVideoDialog } from './AddLinkDialog';
import { KnowledgeCard } from './KnowledgeCard';
import { previewTitles, type TabKind } from './knowledge-api';
import { useKnowledgeList } from './use-knowledge-list';

const ADD_LABEL = { files: 'Add file', links: 'Add link', videos: 'Add video' } as const;
const SEARCH_LABEL = { files: 'Search files', links: 'Search links', videos: 'Search videos' } as const;

/** The card title: the link's page title (link preview), the video's title, the file's name. */
function titleOf(item: KnowledgeItem, previews: Record<string, string>): string {
  if ('link' in item) return previews[item.link] || item.metadata.title || item.name;
  if ('metadata' in item) return item.metadata.title || item.name;
  return item.name;
}

/** One tab of the Knowledge page (spec 3 §2): count, name search, Add, and the card grid. */
export function KnowledgeTab({ kind }: { kind: TabKind }) {
  const customerId = useSessionStore((s) => s.user?.customer_id ?? null) as number | null;
  const { list, error, reload } = useKnowledgeList(kind, customerId);
  const [query, setQuery] = useState('');
  const settled = useDebouncedValue(query, KNOWLEDGE_SEARCH_DEBOUNCE_MS);
  const [adding, setAdding] = useState(false);
  const [previews, setPreviews] = useState<Record<string, string>>({});
  const [previewError, setPreviewError] = useState<string | null>(null);

  const linkUrls = useMemo(
    () => (kind === 'links' ? (list?.items ?? []).map((item) => (item as KnowledgeLink).link).sort() : []),
    [kind, list],
  );
  const linkKey = linkUrls.join('\n');
  useEffect(() => {
    if (!linkKey) return;
    let live = true;
    previewTitles(linkKey.split('\n')).then(
      (titles) => live && setPreviews(titles),
      (failure: Error) => live && setPreviewError(failure.message),
    );
    return () => {
      live = false;
    };
  }, [linkKey]);

  const items = list?.items ?? [];
  const needle = settled.trim().toLowerCase();
  const shown = needle
    ? items.filter((item) => titleOf(item, previews).toLowerCase().includes(needle))
    : items;

  return (
    <section className="knowledge-tab" aria-label={`${kind} list`}>
      <div className="knowledge-toolbar">
        <p className="knowledge-count" role="status">
          {list ? foundCount(shown.length, kind) : 'Loading…'}
        </p>
        <div className="knowledge-actions">
          <SearchField
            label={SEARCH_LABEL[kind]}
            placeholder="Search by name"
            value={query}
            onChange={setQuery}
          />
          <Button icon="book" onClick={() => setAdding(true)} disabled={customerId === null}>
            {ADD_LABEL[kind]}
          </Button>
        </div>
      </div>
      {error && <Alert kind="error">{error}</Alert>}
      {previewError && <Alert kind="warning">{previewError}</Alert>}
      {list && (
        <div className="card-grid knowledge-grid">
          {shown.map((item) => (
            <KnowledgeCard
              key={item.id}
              kind={kind}
              item={item}
              title={titleOf(item, previews)}
              languages={list.languages}
              customerId={customerId ?? 0}
              onChanged={() => void reload()}
            />
          ))}
          {shown.length === 0 && <p className="card-grid-empty knowledge-empty">{NOTHING_FOUND[kind]}</p>}
        </div>
      )}
      {adding && customerId !== null && kind === 'files' && (
        <AddFileDialog
          languages={list?.languages ?? []}
          customerId={customerId}
          onClose={() => setAdding(false)}
          onAdded={() => void reload()}
        />
      )}
      {adding && customerId !== null && kind === 'links' && (
        <AddLinkDialog
          customerId={customerId}
          onClose={() => setAdding(false)}
          onAdded={() => void reload()}
        />
      )}
      {adding && customerId !== null && kind === 'videos' && (
        <AddVideoDialog
          customerId={customerId}
          onClose={() => setAdding(false)}
          onAdded={() => void reload()}
        />
      )}
    </section>
  );
}
