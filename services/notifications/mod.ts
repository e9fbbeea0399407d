/**
 * The notifications domain (services/notifications/) owns per-person notifications, the real-time user
 * channel (user_channel.ts) and personal-data consent (consent.ts). This file: per-user notifications (SPEC §3 "Notification count", issue 8 item 3). Each write keeps three keys
 * consistent in one atomic, so the bell's count is one read and never drifts:
 * - `["notifications", userId, id]` the notification (id: 1, 2, … per user; an append-only log, db/log.ts),
 * - `["notification_unread", userId]` how many of them are unread,
 * - `["notification_version", userId]` the last id handed out; it is both the per-user counter and the change
 *   signal other server processes poll (services/notifications/user_channel.ts).
 */
import { moveCounter } from "../db/counters.ts";
import { db, KV_LIMITS, readMany } from "../db/kv.ts";
import { appendToLog } from "../db/log.ts";
import { RETRY, untilCommitted } from "../db/retry.ts";
import { logEvent } from "../operations/log.ts";
import { DEFAULT_LANG, type Lang } from "../../utils/i18n.ts";

export const NOTIFICATION_KINDS = ["system", "statement", "message", "poll"] as const;
export type NotificationKind = typeof NOTIFICATION_KINDS[number];

export interface Notification {
  id: number;
  title: string;
  body: string;
  link: string;
  kind: NotificationKind;
  createdAt: string;
  read: boolean;
}

/** What a module sends: the text in Georgian, and optionally in English for readers who chose English. */
export type NewNotification = Pick<Notification, "title" | "body" | "kind"> & {
  link?: string;
  en?: { title: string; body: string };
};

/** As stored: the reader's language is chosen when listing (`listNotifications`' `lang`). */
type StoredNotification = Notification & { en?: { title: string; body: string } };

function inLanguage(stored: StoredNotification, lang: Lang): Notification {
  const { en, ...notification } = stored;
  return lang === "en" && en ? { ...notification, title: en.title, body: en.body } : notification;
}

export interface ChannelChoice {
  inApp: boolean;
  email: boolean;
  sms: boolean;
}
export type NotificationSettings = Record<NotificationKind, ChannelChoice>;

const itemKey = (userId: number, id: number): Deno.KvKey => ["notifications", userId, id];
export const unreadKey = (userId: number): Deno.KvKey => ["notification_unread", userId];
export const versionKey = (userId: number): Deno.KvKey => ["notification_version", userId];
const settingsKey = (userId: number): Deno.KvKey => ["notification_settings", userId];

/** Room for the unread counter's check in each atomic. */
const MARK_BATCH = KV_LIMITS.checksPerAtomic - 1;
/** A person's counters are shared by every module that notifies them: more tries than a record gets. */
const ATTEMPTS = 50;

type CreatedListener = (userId: number, versionstamp: string) => void;
const createdListeners = new Set<CreatedListener>();

/** Called after each notification created in this process (the user channel pushes at once). */
export function onNotificationCreated(listener: CreatedListener): () => void {
  createdListeners.add(listener);
  return () => createdListeners.delete(listener);
}

/** Stores a notification for `userId` (for any module and the seed); returns it. */
export async function createNotification(userId: number, input: NewNotification): Promise<Notification> {
  const created = await appendToLog<StoredNotification>({
    prefix: ["notifications", userId],
    head: versionKey(userId),
    build: (id) => ({
      id,
      title: input.title,
      body: input.body,
      link: input.link ?? "",
      kind: input.kind,
      createdAt: new Date().toISOString(),
      read: false,
      ...(input.en ? { en: input.en } : {}),
    }),
    counters: [{ key: unreadKey(userId), by: 1 }],
    attempts: ATTEMPTS,
  });
  for (const listener of createdListeners) {
    try {
      listener(userId, created.versionstamp);
    } catch (error) {
      logEvent("error", "notification_listener_failed", { error });
    }
  }
  return inLanguage(created.value, DEFAULT_LANG);
}

export async function unreadCount(userId: number): Promise<number> {
  return (await db().get<number>(unreadKey(userId))).value ?? 0;
}

export async function notificationVersion(userId: number): Promise<number> {
  return (await db().get<number>(versionKey(userId))).value ?? 0;
}

/** The user's notifications, newest first; `unread` filters by read state. */
export async function listNotifications(
  userId: number,
  opts: { unread?: boolean; kind?: NotificationKind; page?: number; limit?: number; lang?: Lang } = {},
): Promise<{ data: Notification[]; total: number }> {
  const page = Math.max(1, opts.page ?? 1);
  const limit = Math.max(1, opts.limit ?? 20);
  const matching: StoredNotification[] = [];
  for await (
    const entry of db().list<StoredNotification>({ prefix: ["notifications", userId] }, { reverse: true })
  ) {
    const n = entry.value;
    if (opts.unread !== undefined && n.read === opts.unread) continue;
    if (opts.kind && n.kind !== opts.kind) continue;
    matching.push(n);
  }
  const lang = opts.lang ?? DEFAULT_LANG;
  const data = matching.slice((page - 1) * limit, page * limit).map((n) => inLanguage(n, lang));
  return { data, total: matching.length };
}

/**
 * Marks the caller's own notifications read (`ids`, or all of them); unknown ids are ignored, so another
 * person's ids do nothing. Returns how many changed and the new unread count.
 */
export async function markRead(
  userId: number,
  target: { ids: number[] } | { all: true },
): Promise<{ changed: number; unread: number }> {
  let changed = 0;
  const ids = "ids" in target ? [...new Set(target.ids)] : null;
  // One batch per atomic (≤ MARK_BATCH items), until none is left unread.
  for (let batch = -1; batch !== 0; changed += batch) {
    batch = await untilCommitted(async () => {
      const entries = ids
        ? await readMany<Notification>(ids.map((id) => itemKey(userId, id)))
        : await unreadEntries(userId);
      const pending = entries.filter((e): e is Deno.KvEntry<Notification> =>
        e.value !== null && !e.value.read
      )
        .slice(0, MARK_BATCH);
      if (pending.length === 0) return 0;
      const unread = await db().get<number>(unreadKey(userId));
      const atomic = db().atomic().check(...pending);
      moveCounter(atomic, unread, -pending.length, { floor: 0 });
      for (const entry of pending) atomic.set(entry.key, { ...entry.value, read: true });
      // A lost race (a create or another read) reads again.
      return (await atomic.commit()).ok ? pending.length : RETRY;
    }, { attempts: ATTEMPTS });
  }
  return { changed, unread: await unreadCount(userId) };
}

async function unreadEntries(userId: number): Promise<Deno.KvEntry<Notification>[]> {
  const found: Deno.KvEntry<Notification>[] = [];
  for await (const entry of db().list<Notification>({ prefix: ["notifications", userId] })) {
    if (!entry.value.read) found.push(entry);
    if (found.length >= MARK_BATCH) break;
  }
  return found;
}

export const DEFAULT_SETTINGS: NotificationSettings = Object.fromEntries(
  NOTIFICATION_KINDS.map((kind) => [kind, { inApp: true, email: false, sms: false }]),
) as NotificationSettings;

export async function getSettings(userId: number): Promise<NotificationSettings> {
  const stored = (await db().get<Partial<NotificationSettings>>(settingsKey(userId))).value ?? {};
  return { ...DEFAULT_SETTINGS, ...stored };
}

export async function setSettings(
  userId: number,
  settings: NotificationSettings,
): Promise<NotificationSettings> {
  const clean = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => {
    const c = settings[kind] ?? DEFAULT_SETTINGS[kind];
    return [kind, { inApp: Boolean(c.inApp), email: Boolean(c.email), sms: Boolean(c.sms) }];
  })) as NotificationSettings;
  await db().set(settingsKey(userId), clean);
  return clean;
}

// The shell renders synchronously, so the page middleware reads the bell's count first (one read of the
// counter every write keeps in its atomic: nothing to keep in process, so any instance shows the count as it
// is) and the layout reads it from here, keyed by the request's state object.
const badges = new WeakMap<object, number>();

export async function primeUnreadBadge(request: object, userId: number): Promise<void> {
  badges.set(request, await unreadCount(userId));
}

export function unreadBadgeOf(request: object): number {
  return badges.get(request) ?? 0;
}
