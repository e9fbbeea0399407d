/**
 * The two per-person boxes behind the side menu's badges (SPEC §2.2, §3 "menu badges use inbox"): the mailbox
 * (`inbox`) and the chancellery. The documents themselves belong to modules not built yet, so a box holds a
 * minimal item (title, sender, time, read flag). Each write keeps three keys consistent in one atomic, so a
 * badge is one read and never drifts:
 * - `[<box>_items, userId, id]` the item (id: 1, 2, … per user and box; an append-only log, db/log.ts),
 * - `[<box>_unread, userId]` how many are unread,
 * - `[<box>_last_id, userId]` the last id handed out.
 */
import { addAudit } from "../db/audit_log.ts";
import { moveCounter } from "../db/counters.ts";
import { db, KV_LIMITS, readMany } from "../db/kv.ts";
import { type AppendOptions, appendToLog, appendToLogOnce } from "../db/log.ts";
import { RETRY, untilCommitted } from "../db/retry.ts";

export const BOXES = ["inbox", "chancellery"] as const;
export type Box = typeof BOXES[number];

export interface BoxItem {
  id: number;
  title: string;
  sender: string;
  /** The item's text, shown when it is opened; absent for items that are only a title. */
  body?: string;
  /** Files the item refers to (an announcement's attachments), shown as links when it is opened. */
  links?: { name: string; href: string }[];
  createdAt: string;
  read: boolean;
}

export type NewBoxItem = Pick<BoxItem, "title" | "sender" | "body" | "links">;

const itemKey = (box: Box, userId: number, id: number): Deno.KvKey => [`${box}_items`, userId, id];
const unreadKey = (box: Box, userId: number): Deno.KvKey => [`${box}_unread`, userId];
const lastIdKey = (box: Box, userId: number): Deno.KvKey => [`${box}_last_id`, userId];
const auditEntity = (box: Box) => `${box}_items`;

/** Room for the unread counter's check in each atomic. */
const MARK_BATCH = KV_LIMITS.checksPerAtomic - 1;
/** A box's counters are shared by everyone who writes to the person: more tries than a record gets. */
const ATTEMPTS = 50;

/** Puts an item into a person's box (the sending module's write); audited with `actor` (null: the system). */
export async function addBoxItem(
  box: Box,
  userId: number,
  input: NewBoxItem,
  actor: number | null,
): Promise<BoxItem> {
  return (await appendToLog<BoxItem>(boxAppend(box, userId, input, actor))).value;
}

/**
 * The same, once per `once.key` (a delivery's marker, set to the item's id in the item's own atomic): null when
 * the marker was already set, so a delivery run twice puts nothing in the box twice.
 */
export async function addBoxItemOnce(
  box: Box,
  userId: number,
  input: NewBoxItem,
  actor: number | null,
  once: NonNullable<AppendOptions<BoxItem>["once"]>,
): Promise<BoxItem | null> {
  return (await appendToLogOnce<BoxItem>({ ...boxAppend(box, userId, input, actor), once }))?.value ?? null;
}

function boxAppend(
  box: Box,
  userId: number,
  input: NewBoxItem,
  actor: number | null,
): AppendOptions<BoxItem> {
  return {
    prefix: [`${box}_items`, userId],
    head: lastIdKey(box, userId),
    build: (id) => ({
      id,
      title: input.title,
      sender: input.sender,
      ...(input.body ? { body: input.body } : {}),
      ...(input.links?.length ? { links: input.links } : {}),
      createdAt: new Date().toISOString(),
      read: false,
    }),
    counters: [{ key: unreadKey(box, userId), by: 1 }],
    audit: { actor, entity: auditEntity(box), entityId: (id) => `${userId}:${id}` },
    attempts: ATTEMPTS,
  };
}

/** The badge: how many items of the box are unread. */
export async function boxUnread(box: Box, userId: number): Promise<number> {
  return (await db().get<number>(unreadKey(box, userId))).value ?? 0;
}

/** The person's items, newest first. */
export async function listBoxItems(
  box: Box,
  userId: number,
  opts: { page?: number; limit?: number } = {},
): Promise<{ data: BoxItem[]; total: number }> {
  const page = Math.max(1, opts.page ?? 1);
  const limit = Math.max(1, opts.limit ?? 20);
  const all: BoxItem[] = [];
  for await (const entry of db().list<BoxItem>({ prefix: [`${box}_items`, userId] }, { reverse: true })) {
    all.push(entry.value);
  }
  return { data: all.slice((page - 1) * limit, page * limit), total: all.length };
}

/**
 * Marks the person's own items read (`ids`, or all of them; unknown ids are ignored) and audits it once per
 * batch with `actor`. Returns how many changed and the new unread count.
 */
export async function markBoxRead(
  box: Box,
  userId: number,
  target: { ids: number[] } | { all: true },
  actor: number,
): Promise<{ changed: number; unread: number }> {
  let changed = 0;
  const ids = "ids" in target ? [...new Set(target.ids)] : null;
  // One batch per atomic (≤ MARK_BATCH items), until none is left unread.
  for (let batch = -1; batch !== 0; changed += batch) {
    batch = await untilCommitted(async () => {
      const entries = ids
        ? await readMany<BoxItem>(ids.map((id) => itemKey(box, userId, id)))
        : await unreadEntries(box, userId);
      const pending = entries.filter((e): e is Deno.KvEntry<BoxItem> => e.value !== null && !e.value.read)
        .slice(0, MARK_BATCH);
      if (pending.length === 0) return 0;
      const unread = await db().get<number>(unreadKey(box, userId));
      const atomic = db().atomic().check(...pending);
      moveCounter(atomic, unread, -pending.length, { floor: 0 });
      for (const entry of pending) atomic.set(entry.key, { ...entry.value, read: true });
      const readIds = pending.map((e) => e.value.id);
      addAudit(atomic, {
        entity: auditEntity(box),
        entityId: String(userId),
        actor,
        action: "read",
        before: { unread: readIds },
        after: { read: readIds },
      });
      // A lost race (an addition or another read) reads again.
      return (await atomic.commit()).ok ? pending.length : RETRY;
    }, { attempts: ATTEMPTS });
  }
  return { changed, unread: await boxUnread(box, userId) };
}

async function unreadEntries(box: Box, userId: number): Promise<Deno.KvEntry<BoxItem>[]> {
  const found: Deno.KvEntry<BoxItem>[] = [];
  for await (const entry of db().list<BoxItem>({ prefix: [`${box}_items`, userId] })) {
    if (!entry.value.read) found.push(entry);
    if (found.length >= MARK_BATCH) break;
  }
  return found;
}
