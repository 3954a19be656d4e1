/**
 * A small least-recently-used cache in two generations (the scheme of quick-lru): reads look in
 * the young map, then the old one, promoting what they find; when the young map is full it
 * becomes the old one and the previous old one is dropped. Every operation is O(1) with no
 * per-read reordering, and at most 2 × capacity entries are held.
 */
export function createCache<V>(capacity: number) {
  let young = new Map<string, V>();
  let old = new Map<string, V>();

  function set(key: string, value: V): void {
    young.set(key, value);
    if (young.size >= capacity) {
      old = young;
      young = new Map();
    }
  }

  return {
    get(key: string): V | undefined {
      const hit = young.get(key);
      if (hit !== undefined) return hit;
      const aged = old.get(key);
      if (aged !== undefined) {
        old.delete(key);
        set(key, aged);
      }
      return aged;
    },
    set,
    clear(): void {
      young = new Map();
      old = new Map();
    },
  };
}
