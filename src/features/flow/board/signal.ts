/**
 * A change notice without a payload (the listener reads what it needs from the sender). The board
 * emits one per pan or zoom frame, so emitting allocates nothing.
 */
export class Signal {
  private readonly listeners = new Set<() => void>();

  /** Adds `listener`; returns the function that removes it. */
  listen(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(): void {
    for (const listener of this.listeners) listener();
  }
}
