/**
 * The courses' version: `["meta", "books_version"] → { id, prev, counter }`, set after every course write.
 * The courses snapshot (books/list_index.ts) compares its versionstamp (and that of the id counter, which every
 * create advances in its own atomic) on each read. When exactly one write happened since the snapshot was
 * built — `prev` is the versionstamp the snapshot holds and `counter` the counter's current one — it re-reads
 * just that course; anything else (several writes, a bulk import, the demo generator) makes it reload in full.
 */
import { db } from "../db/kv.ts";
import { RETRY, untilCommitted } from "../db/retry.ts";

export const BOOKS_VERSION_KEY: Deno.KvKey = ["meta", "books_version"];
export const BOOKS_COUNTER_KEY: Deno.KvKey = ["counters", "books"];

export interface BooksVersion {
  /** The course written. */
  id: number;
  /** Versionstamp of the version this one replaced (null: none). */
  prev: string | null;
  /** Versionstamp of the id counter when this version was set. */
  counter: string | null;
  at: number;
}

/**
 * Advances the version after a write of course `id` committed. The set checks both keys it read, so two
 * writers can never both claim the same `prev`; after repeated races it gives up on the chain (every snapshot
 * then reloads in full, which is always correct).
 */
export async function booksChanged(id: number): Promise<void> {
  const kv = db();
  await untilCommitted(async () => {
    const [version, counter] = await kv.getMany([BOOKS_VERSION_KEY, BOOKS_COUNTER_KEY]);
    const value: BooksVersion = {
      id,
      prev: version.versionstamp,
      counter: counter.versionstamp,
      at: Date.now(),
    };
    return (await kv.atomic().check(version, counter).set(BOOKS_VERSION_KEY, value).commit()).ok
      ? true
      : RETRY;
  }, {
    otherwise: async () => {
      await kv.set(
        BOOKS_VERSION_KEY,
        { id: 0, prev: null, counter: null, at: Date.now() } satisfies BooksVersion,
      );
      return true;
    },
  });
}

/** The one course changed between the snapshot's version and the current one, or null (reload in full). */
export function singleChange(
  held: { version: string | null; counter: string | null },
  version: Deno.KvEntryMaybe<unknown>,
  counter: Deno.KvEntryMaybe<unknown>,
): number | null {
  const value = version.value as Partial<BooksVersion> | null;
  if (!value || typeof value.id !== "number" || value.id < 1 || held.version === null) return null;
  return value.prev === held.version && value.counter === counter.versionstamp ? value.id : null;
}
