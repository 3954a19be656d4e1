import type { FlowNode } from '../../../core/flow';

// Where drafts are kept: IndexedDB, not localStorage. localStorage holds about 5 MB per origin as
// UTF-16 strings, which a 10,000-node draft exceeds (it was then not kept at all); IndexedDB keeps
// the nodes as structured clones, limited only by the disk quota, and without a JSON pass. A tiny
// promise wrapper over the raw API is all this needs (no dependency).

export interface SavedDraft {
  /** The version the draft was made from. */
  base: number | null;
  savedAt: number;
  nodes: FlowNode[];
}

const DB_NAME = 'botflow';
const DB_VERSION = 1;
const STORE = 'drafts';
/** The key prefix drafts had in localStorage, before they moved here. */
export const LEGACY_PREFIX = 'botflow:draft:';

export const draftKey = (botId: number, flowName: string) => `${LEGACY_PREFIX}${botId}:${flowName}`;

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function committed(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** Drafts kept in localStorage by earlier versions, moved here once (then removed from there). */
async function moveLegacyDrafts(db: IDBDatabase): Promise<void> {
  const legacy: [string, SavedDraft | null][] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key?.startsWith(LEGACY_PREFIX)) continue;
    try {
      legacy.push([key, JSON.parse(localStorage.getItem(key) ?? 'null') as SavedDraft | null]);
    } catch {
      legacy.push([key, null]); // unreadable: dropped below
    }
  }
  if (legacy.length === 0) return;
  const transaction = db.transaction(STORE, 'readwrite');
  const store = transaction.objectStore(STORE);
  // A draft already here is newer than the one left behind in localStorage: it is kept.
  for (const [key, draft] of legacy) {
    if (draft && Array.isArray(draft.nodes)) {
      const existing = store.count(key);
      existing.onsuccess = () => existing.result === 0 && store.put(draft, key);
    }
  }
  await committed(transaction);
  // Only once they are safely here (a failed move leaves them to be tried again next time).
  for (const [key] of legacy) localStorage.removeItem(key);
}

let opening: Promise<IDBDatabase> | null = null;

/** The drafts database, opened once per page (legacy drafts moved in on the way). */
function database(): Promise<IDBDatabase> {
  opening ??= (async () => {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    const db = await done(request);
    // Another tab upgrading the database: let it, this page opens it again when next needed.
    db.onversionchange = () => {
      db.close();
      opening = null;
    };
    try {
      await moveLegacyDrafts(db);
    } catch (error) {
      console.warn('Drafts kept in localStorage could not be moved to IndexedDB', error);
    }
    return db;
  })();
  opening.catch(() => (opening = null));
  return opening;
}

export async function readDraft(key: string): Promise<SavedDraft | null> {
  const db = await database();
  const draft = (await done(db.transaction(STORE).objectStore(STORE).get(key))) as SavedDraft | undefined;
  return draft && Array.isArray(draft.nodes) ? draft : null;
}

export async function writeDraft(key: string, draft: SavedDraft): Promise<void> {
  const db = await database();
  const transaction = db.transaction(STORE, 'readwrite');
  transaction.objectStore(STORE).put(draft, key);
  await committed(transaction);
}

export async function removeDraft(key: string): Promise<void> {
  const db = await database();
  const transaction = db.transaction(STORE, 'readwrite');
  transaction.objectStore(STORE).delete(key);
  await committed(transaction);
}
