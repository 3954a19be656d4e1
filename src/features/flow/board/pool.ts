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

  release(item: T): void {
    this.onRelease(item);
    this.free.push(item);
  }

  /** How many objects were ever built (the board's peak of visible nodes). */
  get size(): number {
    return this.created;
  }

  get idle(): number {
    return this.free.length;
  }
}
