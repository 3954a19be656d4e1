/**
 * Objects kept for reuse (the node shapes). Building a Konva group with its texts costs far more
 * than re-pointing an existing one at another node, and the view keeps handing nodes in and out
 * while it pans, so released shapes wait here instead of being destroyed.
 */
export class Pool<T> {
  private readonly free: T[] = [];
  private created = 0;

  constructor(
    private readonly create: () => T,
    private readonly onRelease: (item: T) => void = () => {},
  ) {}

  acquire(): T {
    const item = this.free.pop();
    if (item !== undefined) return item;
    this.created += 1;
    return this.create();
  }

  /** Builds items ahead of need (while the page is idle), up to `count` free ones. */
  reserve(count: number): void {
    while (this.free.length < count) {
      this.created += 1;
      const item = this.create();
      this.onRelease(item);
      this.free.push(item);
    }
  }

  release(item: T): void {
    this.onRelease(item);
    this.free.push(item);
  }

  /** How many objects were ever built (the board's peak of visible nodes, plus any reserve). */
  get size(): number {
    return this.created;
  }

  get idle(): number {
    return this.free.length;
  }
}
