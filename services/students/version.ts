/**
 * The students' version: `["meta", "students_version"] → seq` (a number that every student or transcript write
 * advances by one) and a short change log `["students_changes", seq] → { ids, prev }` written in the same
 * atomic as the advance. The in-process snapshot (students/list_index.ts) compares the version's versionstamp on
 * every read; when it moved, it reloads only the students the log names for the advances it missed.
 *
 * The log is a chain: each entry names the versionstamp of the version it replaced (`prev`), and shares its
 * own versionstamp with the version it set. A reader accepts it only if the chain runs unbroken from its own
 * versionstamp to the current one. Anything else may therefore set the version key to any value (a bulk import,
 * the demo generator): the chain breaks there and every snapshot reloads in full. A writer that cannot say
 * which students it touched only has to change the key.
 */
import { counterValue } from "../db/counters.ts";
import { db } from "../db/kv.ts";
import { addLogEntry } from "../db/log.ts";
import { RETRY, serialized, untilCommitted } from "../db/retry.ts";

export const STUDENTS_VERSION_KEY: Deno.KvKey = ["meta", "students_version"];
export const STUDENTS_CHANGES = "students_changes";

interface ChangeEntry {
  ids: number[];
  /** Versionstamp of the version this advance replaced (null: the key did not exist). */
  prev: string | null;
}
/** A snapshot idle for longer than this reloads in full: the log only has to bridge short gaps. */
const CHANGES_KEEP_MS = 24 * 3600 * 1000;
/** Every student and transcript write of every process advances the one key: more tries than a record gets. */
const ATTEMPTS = 20;

/** The sequence number a version entry holds; 0 when it was never set or holds something else. */
export function versionSeq(entry: Deno.KvEntryMaybe<unknown>): number {
  return Math.max(counterValue(entry), 0);
}

/**
 * Adds the advance from `current` (as read by the caller) to `atomic`: the version is the head of the change
 * log (db/log.ts), so the atomic fails, and the caller retries, if anyone advanced it since. Returns the new
 * sequence number.
 */
export function addStudentsBump(
  atomic: Deno.AtomicOperation,
  current: Deno.KvEntryMaybe<unknown>,
  studentIds: readonly number[],
): number {
  const change = (): ChangeEntry => ({ ids: [...new Set(studentIds)], prev: current.versionstamp });
  return addLogEntry(atomic, current, [STUDENTS_CHANGES], change, { expireIn: CHANGES_KEEP_MS }).n;
}

/**
 * Writers of the version key in this process take turns (they would only spin on each other's checks); a
 * retry then means another process advanced it. `write` gets the current version entry and must return the
 * atomic to commit (with `addStudentsBump` in it); it is called again after a failed commit.
 */
export function withStudentsVersion<R>(
  write: (version: Deno.KvEntryMaybe<unknown>) => Promise<{ atomic: Deno.AtomicOperation; result: R }>,
): Promise<R> {
  return serialized(STUDENTS_VERSION_KEY, () =>
    untilCommitted(async () => {
      const version = await db().get(STUDENTS_VERSION_KEY);
      const { atomic, result } = await write(version);
      return (await atomic.commit()).ok ? result : RETRY;
    }, { attempts: ATTEMPTS }));
}

/**
 * Advances the version after a write that could not carry it in its own atomic (`createRecord` and
 * `updateRecord` take no extra mutations). Between the two commits another process may briefly list the old
 * row; this process never does, because its snapshot reads the version before answering.
 */
export function bumpStudentsVersion(studentIds: readonly number[]): Promise<number> {
  return withStudentsVersion((version) => {
    const atomic = db().atomic();
    const seq = addStudentsBump(atomic, version, studentIds);
    return Promise.resolve({ atomic, result: seq });
  });
}

/**
 * The students changed between two versions (as read from KV: `from` is what the snapshot holds, `to` the
 * current one), or null when the log cannot bridge them (expired, overwritten or bypassed).
 */
export async function changedStudentIds(
  from: Deno.KvEntryMaybe<unknown>,
  to: Deno.KvEntryMaybe<unknown>,
): Promise<number[] | null> {
  const [fromSeq, toSeq] = [versionSeq(from), versionSeq(to)];
  if (to.versionstamp === null || toSeq <= fromSeq) return null;
  const ids = new Set<number>();
  let link = from.versionstamp;
  for await (
    const entry of db().list<ChangeEntry>({
      start: [STUDENTS_CHANGES, fromSeq + 1],
      end: [STUDENTS_CHANGES, toSeq + 1],
    }, { batchSize: 1000 })
  ) {
    const { ids: changed, prev } = entry.value ?? {};
    if (prev !== link || !Array.isArray(changed)) return null;
    for (const id of changed) ids.add(id);
    link = entry.versionstamp;
  }
  return link === to.versionstamp ? [...ids] : null;
}
