import { Switch } from '../../../ui';
import { useEffect, useState } from 'react';
import { useSessionStore } from '../../../api/session-store';
import type { AiNode } from '../../../core/flow';
import { fetchKnowledge, type KnowledgeItem, type KnowledgeKind } from '../knowledge-api';

type Knowledge = Pick<AiNode, 'useNLPResources' | 'NLPResources' | 'resources'>;

const TABS: readonly { kind: KnowledgeKind; label: string }[] = [
  { kind: 'files', label: 'Files' },
  { kind: 'links', label: 'Links' },
  { kind: 'videos', label: 'Videos' },
];

type Lists = Partial<Record<KnowledgeKind, KnowledgeItem[] | 'error'>>;

/**
 * Knowledge Sources (spec 2 §2, §4): a toggle; when on, Files, Links and Videos tabs list the
 * customer's items to draw on. The node keeps the chosen ids and their records.
 */
export function KnowledgeSources({
  value,
  onChange,
}: {
  value: Knowledge;
  onChange: (next: Knowledge) => void;
}) {
  const customerId = useSessionStore((s) => s.user?.customer_id ?? null);
  const [tab, setTab] = useState<KnowledgeKind>('files');
  const [lists, setLists] = useState<Lists>({});
  const on = value.useNLPResources;

  useEffect(() => {
    if (!on || lists[tab]) return;
    let live = true;
    fetchKnowledge(tab, customerId).then(
      (items) => live && setLists((current) => ({ ...current, [tab]: items })),
      (error) => {
        console.warn(error);
        if (live) setLists((current) => ({ ...current, [tab]: 'error' }));
      },
    );
    return () => {
      live = false;
    };
  }, [on, tab, lists, customerId]);

  const chosen = new Set((value.NLPResources?.[tab] ?? []).map(String));
  const loaded = lists[tab];
  // Items chosen earlier stay listed (to be unticked) even when the list does not have them.
  const known = Array.isArray(loaded) ? loaded : [];
  const extra = (value.resources?.[tab] ?? [])
    .filter((record) => !known.some((item) => String(item.id) === String(record.id)))
    .map((record) => ({ id: record.id, label: labelOf(record), record: record as Record<string, unknown> }));
  const items = [...known, ...extra];

  const toggle = (item: KnowledgeItem, checked: boolean) => {
    const ids = (value.NLPResources?.[tab] ?? []).filter((id) => String(id) !== String(item.id));
    const records = (value.resources?.[tab] ?? []).filter((r) => String(r.id) !== String(item.id));
    onChange({
      ...value,
      NLPResources: { ...value.NLPResources, [tab]: checked ? [...ids, item.id] : ids },
      resources: { ...value.resources, [tab]: checked ? [...records, item.record] : records },
    });
  };

  return (
    <div className="ne-stack">
      <Switch
        label="Knowledge Sources"
        checked={on}
        onChange={(useNLPResources) => onChange({ ...value, useNLPResources })}
      />
      {on && (
        <div className="ne-tabs-box">
          <div role="tablist" aria-label="Knowledge source kinds" className="ne-tabs">
            {TABS.map(({ kind, label }) => (
              <button
                key={kind}
                type="button"
                role="tab"
                aria-selected={tab === kind}
                className="ne-tab"
                onClick={() => setTab(kind)}
              >
                {label}{' '}
                {(value.NLPResources?.[kind]?.length ?? 0) > 0 && (
                  <span className="ne-count">{value.NLPResources[kind].length}</span>
                )}
              </button>
            ))}
          </div>
          <div role="tabpanel" aria-label={TABS.find((t) => t.kind === tab)?.label} className="ne-tabpanel">
            {loaded === undefined && <p className="ne-muted">Loading…</p>}
            {loaded === 'error' && <p className="ne-muted">The knowledge sources could not be loaded.</p>}
            {Array.isArray(loaded) && items.length === 0 && (
              <p className="ne-muted">Nothing here yet. Add {tab} on the Knowledge Sources page.</p>
            )}
            {items.map((item) => (
              <label key={String(item.id)} className="ne-check">
                <input
                  type="checkbox"
                  checked={chosen.has(String(item.id))}
                  onChange={(e) => toggle(item, e.target.checked)}
                />
                {item.label}
              </label>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}

function labelOf(record: { id: string | number; [key: string]: unknown }): string {
  const metadata = record.metadata as { title?: string } | undefined;
  return String(record.filename ?? metadata?.title ?? record.url ?? record.id);
}
