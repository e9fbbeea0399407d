/**
 * Schema migrations: ordered, named steps that bring stored data to the shape the code reads. They run at
 * start-up (createApp) before the server answers requests, under a KV lock so that processes starting together
 * run each migration once: one holds the lock and migrates, the others wait for the schema version to arrive.
 *
 * A migration works in batches. Each batch's writes commit in one atomic together with the migration's progress
 * (a cursor) and a check that this process still holds the lock; so a crash mid-migration loses at most the
 * batch in flight, and the next start resumes from the cursor. A batch must be idempotent: run on records it
 * already migrated, it writes nothing (or the same thing).
 *
 * Every change of a stored record's shape ships with a migration appended to MIGRATIONS (migration_list.ts).
 */
import { readSchemaVersion, SCHEMA_VERSION_KEY } from "./schema_version.ts";

export interface Migration {
  /** 1, 2, 3 … in order; the schema version once it has finished. */
  version: number;
  /** snake_case, for logs and the operator. */
  name: string;
  /**
   * One batch: reads what follows `cursor` (null on the first batch), adds its writes (and the checks of what
   * it read) to `atomic`, and returns the cursor to resume after it, or null when the migration is complete.
   */
  batch(kv: Deno.Kv, cursor: string | null, atomic: Deno.AtomicOperation): Promise<string | null>;
}

export const MIGRATION_LOCK_KEY: Deno.KvKey = ["locks", "migrations"];
const progressKey = (version: number): Deno.KvKey => ["migration_progress", version];

/** A lock not renewed for this long belongs to a process that died: another may take it. */
const LOCK_TTL_MS = 30_000;
const WAIT_MS = 100;
/** Commits lost to another writer (a server of the previous version still running) before giving up. */
const MAX_CONFLICTS = 20;

interface Lock {
  owner: string;
  until: number;
}

export interface MigrationReport {
  /** Schema version before and after. */
  from: number;
  to: number;
  /** The migrations this process ran (others may have run the rest). */
  ran: string[];
}

export async function runMigrations(
  kv: Deno.Kv,
  migrations: readonly Migration[],
  log: (event: string, fields: Record<string, unknown>) => void = () => {},
): Promise<MigrationReport> {
  checkOrder(migrations);
  const latest = migrations.at(-1)?.version ?? 0;
  const from = await readSchemaVersion(kv);
  const ran: string[] = [];
  const owner = crypto.randomUUID();
  while (true) {
    const version = await readSchemaVersion(kv);
    if (version >= latest) return { from, to: version, ran };
    let lock = await tryLock(kv, owner);
    if (!lock) {
      await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
      continue;
    }
    try {
      for (const migration of migrations.filter((m) => m.version > version)) {
        log("migration_started", { version: migration.version, name: migration.name });
        lock = await runOne(kv, migration, owner, lock);
        ran.push(migration.name);
        log("migration_finished", { version: migration.version, name: migration.name });
      }
    } catch (error) {
      // Paused too long (a debugger, a stalled disk) and another process took over: wait for it instead.
      if (!(error instanceof LockLost)) throw error;
    } finally {
      await releaseLock(kv, owner);
    }
  }
}

function checkOrder(migrations: readonly Migration[]) {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) throw new Error(`migration ${m.name} is number ${m.version}; expected ${i + 1}`);
  });
}

/** Takes the lock if it is free or expired; returns its entry (whose versionstamp each batch checks). */
async function tryLock(kv: Deno.Kv, owner: string): Promise<Deno.KvEntry<Lock> | null> {
  const current = await kv.get<Lock>(MIGRATION_LOCK_KEY);
  if (current.value && current.value.owner !== owner && current.value.until > Date.now()) return null;
  const value: Lock = { owner, until: Date.now() + LOCK_TTL_MS };
  const result = await commit(kv.atomic().check(current).set(MIGRATION_LOCK_KEY, value));
  return result.ok ? { key: MIGRATION_LOCK_KEY, value, versionstamp: result.versionstamp } : null;
}

async function releaseLock(kv: Deno.Kv, owner: string) {
  const current = await kv.get<Lock>(MIGRATION_LOCK_KEY);
  if (current.value?.owner === owner) await kv.atomic().check(current).delete(MIGRATION_LOCK_KEY).commit();
}

class LockLost extends Error {}

/** Processes sharing one SQLite file may see "database is locked" instead of waiting: a lost race too. */
async function commit(atomic: Deno.AtomicOperation): Promise<Deno.KvCommitResult | Deno.KvCommitError> {
  try {
    return await atomic.commit();
  } catch (error) {
    if (error instanceof TypeError && error.message.includes("locked")) return { ok: false };
    throw error;
  }
}

/** Runs one migration's batches from its saved cursor; returns the lock as last renewed. */
async function runOne(
  kv: Deno.Kv,
  migration: Migration,
  owner: string,
  lock: Deno.KvEntry<Lock>,
): Promise<Deno.KvEntry<Lock>> {
  let conflicts = 0;
  while (true) {
    const progress = await kv.get<string>(progressKey(migration.version));
    const atomic = kv.atomic().check(lock).check(progress);
    const next = await migration.batch(kv, progress.value, atomic);
    const renewed: Lock = { owner, until: Date.now() + LOCK_TTL_MS };
    atomic.set(MIGRATION_LOCK_KEY, renewed);
    if (next === null) {
      atomic.delete(progressKey(migration.version)).set(SCHEMA_VERSION_KEY, migration.version);
    } else {
      atomic.set(progressKey(migration.version), next);
    }
    const result = await commit(atomic);
    if (result.ok) {
      lock = { key: MIGRATION_LOCK_KEY, value: renewed, versionstamp: result.versionstamp };
      if (next === null) return lock;
      continue;
    }
    const now = await kv.get<Lock>(MIGRATION_LOCK_KEY);
    if (now.versionstamp !== lock.versionstamp) {
      throw new LockLost(`migration ${migration.name}: another process took the lock`);
    }
    if (++conflicts > MAX_CONFLICTS) {
      throw new Error(`migration ${migration.name}: its batches keep losing to other writers`);
    }
  }
}
