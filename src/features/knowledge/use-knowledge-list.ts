import { useCallback, useEffect, useRef, useState } from 'react';
import type { KnowledgeItem } from '../../core/api/knowledge';
import { KNOWLEDGE_POLL_MS, KNOWLEDGE_POLL_STEP_MS } from '../../core/knowledge';
import { fetchList, type KnowledgeList, type TabKind } from './knowledge-api';

const busy = (item: KnowledgeItem) => item.status !== 'processed' && item.status !== 'failed';

/**
 * One tab's list. Spec 3 §7/§9: while any item is processing the list is read again every 5 s,
 * 5 s longer after each failed read; once every item is processed (or failed) polling stops.
 */
export function useKnowledgeList(kind: TabKind, customerId: number | null) {
  const [list, setList] = useState<KnowledgeList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const delay = useRef(KNOWLEDGE_POLL_MS);
  const timer = useRef<number | undefined>(undefined);
  const live = useRef(true);

  const load = useCallback(async () => {
    window.clearTimeout(timer.current);
    let next: KnowledgeList | null = null;
    try {
      next = await fetchList(kind, customerId);
      if (!live.current) return;
      setList(next);
      setError(null);
      delay.current = KNOWLEDGE_POLL_MS;
    } catch (failure) {
      if (!live.current) return;
      setError((failure as Error).message);
      delay.current += KNOWLEDGE_POLL_STEP_MS;
    }
    const keepPolling = next ? next.items.some(busy) : true;
    if (keepPolling) timer.current = window.setTimeout(() => void load(), delay.current);
  }, [kind, customerId]);

  useEffect(() => {
    live.current = true;
    setList(null);
    void load();
    return () => {
      live.current = false;
      window.clearTimeout(timer.current);
    };
  }, [load]);

  return { list, error, reload: load };
}
