/**
 * An in-process snapshot of data that many requests read and filter (a whole collection, a lookup table, an
 * aggregate), kept while the versionstamps of a few version keys stay as they were when it was built
 * (ARCHITECTURE §4). Every writer of the data moves one of those keys — in its own atomic, or right after it —
 * so every read first reads them (one `getMany`, ~50 µs) and a read that starts after a write, made in this
 * process or in another one sharing the KV, sees that write. Unlike `kv.watch`, this needs no stream per process
 * and leaves no moment in which a read right after a write answers from the old snapshot.
 *
 * A source may bring a held snapshot up to date instead of building it anew (`update`: re-read the one course
 * a version names, the students a change log names), and may bound its age (`maxAgeMs`) when a writer moves its
 * key in a second step that could be lost. Reads that find it stale share one load. A snapshot belongs to the
 * open KV, so a test's fresh `:memory:` store never sees another store's snapshot.
 */
import { db } from "./kv.ts";

/** The entries of a source's version keys, as read in one `getMany`. */
export type Versions = Deno.KvEntryMaybe<unknown>[];

export interface SnapshotSource<S> {
  /** Keys whose versionstamps tell whether the snapshot is current (≤ 10: one `getMany`). */
  versionKeys: Deno.KvKey[];
  /** Builds the snapshot as of `versions`. */
  load(kv: Deno.Kv, versions: Versions): Promise<S>;
  /** Brings `held`, built as of `from`, up to `to` (in place or as a new value); null to build it anew. */
  update?(held: S, from: Versions, to: Versions, kv: Deno.Kv): Promise<S | null>;
  /** Builds it anew after this long even when no version key moved. */
  maxAgeMs?: number;
}

export interface KvSnapshot<S> {
  /** The snapshot as of versions read after the call began: never older than a write finished before it. */
  get(): Promise<S>;
  /** The same, as of `versions` of the version keys that the caller has just read (with keys of its own). */
  at(versions: Versions): Promise<S>;
}

interface Held<S> {
  kv: Deno.Kv;
  versions: Versions;
  builtAt: number;
  value: S;
}

/** Whether `held` was built or brought up to date as of `versions` (read on every request: no allocation). */
function sameVersions(held: Versions, versions: Versions): boolean {
  if (held.length !== versions.length) return false;
  for (let i = 0; i < held.length; i++) if (held[i].versionstamp !== versions[i].versionstamp) return false;
  return true;
}

export function kvSnapshot<S>(source: SnapshotSource<S>): KvSnapshot<S> {
  let held: Held<S> | null = null;
  let syncing: { kv: Deno.Kv; done: Promise<void> } | null = null;
  const maxAgeMs = source.maxAgeMs ?? Infinity;

  async function sync(kv: Deno.Kv, versions: Versions): Promise<void> {
    const old = held;
    if (old && old.kv === kv && source.update && Date.now() - old.builtAt < maxAgeMs) {
      const value = await source.update(old.value, old.versions, versions, kv);
      if (value !== null) {
        held = { kv, versions, builtAt: old.builtAt, value };
        return;
      }
    }
    const builtAt = Date.now();
    held = { kv, versions, builtAt, value: await source.load(kv, versions) };
  }

  async function at(versions: Versions): Promise<S> {
    const kv = db();
    for (;;) {
      const current = held;
      if (
        current && current.kv === kv && sameVersions(current.versions, versions) &&
        (maxAgeMs === Infinity || Date.now() - current.builtAt < maxAgeMs)
      ) return current.value;
      if (syncing && syncing.kv === kv) {
        // Another read is bringing it up to date: wait for it, then compare with versions read after it.
        await syncing.done.catch(() => {});
        versions = await kv.getMany(source.versionKeys);
        continue;
      }
      const done: Promise<void> = sync(kv, versions).finally(() => {
        if (syncing?.done === done) syncing = null;
      });
      syncing = { kv, done };
      await done;
      // Just built, so not too old, whatever a slow load took.
      const built = held as Held<S> | null;
      if (built && built.kv === kv && sameVersions(built.versions, versions)) return built.value;
    }
  }

  return {
    get: async () => await at(await db().getMany(source.versionKeys)),
    at,
  };
}
