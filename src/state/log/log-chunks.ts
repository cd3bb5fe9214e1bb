/**
 * An immutable sequence stored in fixed-size chunks, for logs that keep 100,000 entries and take a batch
 * every animation frame. Appending copies only the last, partly filled chunk and the short array of chunk
 * references; dropping from the front drops whole chunks and moves an offset. A plain array would copy all
 * n entries per batch. Every value is a new object, so zustand selectors see a change; full chunks are
 * shared between versions and never written again.
 */
export const CHUNK_SIZE = 1024;

export class ChunkedList<T> {
  static empty<T>(): ChunkedList<T> {
    return new ChunkedList<T>([], 0, 0, 0);
  }

  static from<T>(items: readonly T[]): ChunkedList<T> {
    return ChunkedList.empty<T>().append(items);
  }

  private constructor(
    private readonly chunks: readonly (readonly T[])[],
    /** Index of the first kept element in `chunks[0]`. */
    private readonly head: number,
    readonly length: number,
    /**
     * How many elements were ever dropped from the front. `dropped + index` is an element's absolute position,
     * which stays the same across versions — incremental consumers (the filter) key on it.
     */
    readonly dropped: number,
  ) {}

  at(index: number): T | undefined {
    if (index < 0 || index >= this.length) return undefined;
    const position = this.head + index;
    return this.chunks[Math.floor(position / CHUNK_SIZE)]![position % CHUNK_SIZE];
  }

  /** Absolute position (see `dropped`) of the element at `index`. */
  absolute(index: number): number {
    return this.dropped + index;
  }

  append(items: readonly T[]): ChunkedList<T> {
    if (items.length === 0) return this;
    const chunks = this.chunks.slice();
    let last = chunks.length > 0 && chunks[chunks.length - 1]!.length < CHUNK_SIZE ? chunks.pop()!.slice() : [];
    for (const item of items) {
      if (last.length === CHUNK_SIZE) {
        chunks.push(last);
        last = [];
      }
      last.push(item);
    }
    chunks.push(last);
    return new ChunkedList(chunks, this.head, this.length + items.length, this.dropped);
  }

  /** Drops the first `count` elements (all of them if `count` ≥ length). */
  dropFront(count: number): ChunkedList<T> {
    const n = Math.min(Math.max(0, count), this.length);
    if (n === 0) return this;
    if (n === this.length) return new ChunkedList<T>([], 0, 0, this.dropped + n);
    const position = this.head + n;
    const whole = Math.floor(position / CHUNK_SIZE);
    return new ChunkedList(this.chunks.slice(whole), position % CHUNK_SIZE, this.length - n, this.dropped + n);
  }

  /** Elements `[from, to)` as a new array. */
  slice(from = 0, to = this.length): T[] {
    const start = Math.max(0, from);
    const end = Math.min(this.length, to);
    const out: T[] = [];
    for (let index = start; index < end; index += 1) out.push(this.at(index)!);
    return out;
  }

  *[Symbol.iterator](): Iterator<T> {
    for (let index = 0; index < this.length; index += 1) yield this.at(index)!;
  }

  toArray(): T[] {
    return this.slice();
  }
}
