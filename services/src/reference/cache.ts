/**
 * A small least-recently-used cache with a time limit. Reference data only changes
 * when a data pack is imported, so answers may be reused for a short while; the
 * time limit bounds how long an import done by another process (the import CLI)
 * takes to show.
 */
/**
 * Longer keys are not kept: a request body may be up to 1 MB, and a few hundred such keys (and their
 * answers) would hold hundreds of MB for requests that are never asked twice.
 */
export const MAX_KEPT_KEY_LENGTH = 8192;

export class AnswerCache<T> {
  /** Every cache of the process, so that a publication of new data drops them all at once. */
  private static readonly all = new Set<WeakRef<AnswerCache<unknown>>>();
  private readonly entries = new Map<string, { value: T; expires: number }>();

  constructor(
    private readonly size: number,
    private readonly ttlMs: number,
  ) {
    AnswerCache.all.add(new WeakRef(this));
  }

  /** Drops every cached answer of the process (other replicas follow within their time limit). */
  static clearAll(): void {
    for (const reference of AnswerCache.all) {
      const cache = reference.deref();
      if (cache) cache.clear();
      else AnswerCache.all.delete(reference);
    }
  }

  async get(key: string, compute: () => Promise<T>): Promise<T> {
    if (this.size <= 0 || key.length > MAX_KEPT_KEY_LENGTH) return compute();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) {
      // Re-insert so the entry becomes the most recently used.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    const value = await compute();
    this.entries.delete(key);
    this.entries.set(key, { value, expires: now + this.ttlMs });
    while (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value as string);
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
