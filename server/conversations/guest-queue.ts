// Turns of one guest run one after the other in this process (two tabs, a double click): each
// waits for the previous one to finish, whatever its outcome. Across server instances the
// session's version column does the same job (see saveTurn).
export class GuestQueue {
  private readonly tails = new Map<string, Promise<void>>();

  run<T>(guestId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(guestId) ?? Promise.resolve();
    const result = previous.then(work);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(guestId, tail);
    // The map only holds guests with a turn in flight.
    void tail.then(() => {
      if (this.tails.get(guestId) === tail) this.tails.delete(guestId);
    });
    return result;
  }

  /** Resolves once no turn is in flight (turns queued meanwhile included). */
  async idle(): Promise<void> {
    while (this.tails.size) await Promise.all(this.tails.values());
  }

  get size(): number {
    return this.tails.size;
  }
}
