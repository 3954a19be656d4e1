/** Spec 1 §2: a card stays visible when its name contains the typed text, spaces and case ignored. */
export function matchesProviderSearch(name: string, search: string): boolean {
  const squash = (text: string) => text.replace(/\s+/g, '').toLowerCase();
  return squash(name).includes(squash(search));
}
