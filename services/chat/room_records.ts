/**
 * How a room's projection (RoomState) is stored: as two records, so that an append writes only what it changes.
 * - The head `["chat_heads", roomId]`: seq and what messages and reads move (the last message, read cursors,
 *   unread counts, last activity). Every append sets it, and checks its versionstamp (ARCHITECTURE §5).
 * - The room `["chat_rooms", roomId]`: kind, titles, members, admins, deletion. Only the appends that change
 *   one of these set it, in the same atomic as the head.
 * A message thus serializes and stores a few hundred bytes instead of the whole room (bench/chat.ts). The two are
 * always read together, from one snapshot (one getMany), and joined.
 */
import { readMany } from "../db/kv.ts";
import { keys, type RoomState } from "./model.ts";

export type RoomHead = Pick<RoomState, "seq" | "lastMessage" | "cursors" | "unread" | "lastActive">;
export type RoomRecord = Omit<RoomState, keyof RoomHead>;

export const HEAD_FIELDS = [
  "seq",
  "lastMessage",
  "cursors",
  "unread",
  "lastActive",
] as const satisfies (keyof RoomHead)[];
/** Every field not in the head (room_records_test.ts checks that the two lists cover RoomState). */
export const ROOM_FIELDS = [
  "id",
  "kind",
  "title",
  "members",
  "admins",
  "createdAt",
  "createdBy",
  "deleted",
  "personalTitles",
] as const satisfies (keyof RoomRecord)[];

export function headRecord(state: RoomState): RoomHead {
  const { seq, lastMessage, cursors, unread, lastActive } = state;
  return { seq, lastMessage, cursors, unread, lastActive };
}

export function roomRecord(state: RoomState): RoomRecord {
  return Object.fromEntries(ROOM_FIELDS.map((field) => [field, state[field]])) as unknown as RoomRecord;
}

/** Whether the room record must be written: the fold keeps the very values an event leaves alone. */
export function roomRecordChanged(before: RoomState | null, after: RoomState): boolean {
  return !before || ROOM_FIELDS.some((field) => before[field] !== after[field]);
}

type PerPerson<V> = Map<number, V> | Record<string, V>;
const asMap = <V>(value: PerPerson<V>): Map<number, V> =>
  value instanceof Map ? value : new Map(Object.entries(value).map(([id, v]) => [Number(id), v]));

/**
 * The projection from its two stored records (null when either is missing). Rooms stored by earlier versions
 * kept everything in the room record, per person as objects keyed by id text, and only `{ seq }` in the head:
 * they read as today's shape.
 */
export function joinRoom(head: unknown, room: unknown): RoomState | null {
  if (!head || !room) return null;
  const state = { ...(room as RoomState), ...(head as RoomHead) };
  const stored = state as unknown as Record<keyof RoomHead | "personalTitles", PerPerson<never>>;
  state.cursors = asMap(stored.cursors);
  state.unread = asMap(stored.unread);
  state.lastActive = asMap(stored.lastActive);
  state.personalTitles = asMap(stored.personalTitles);
  return state;
}

export interface StoredRoom {
  /** The head's entry: its versionstamp is what an append checks. */
  head: Deno.KvEntryMaybe<unknown>;
  state: RoomState | null;
}

/**
 * The rooms' projections (strong reads), in the order of `roomIds`. Each head and room pair shares one getMany,
 * so one snapshot: readMany groups keys by KV_LIMITS.keysPerGetMany, an even number, and pairs start at even indexes.
 */
export async function readStoredRooms(roomIds: number[]): Promise<StoredRoom[]> {
  const entries = await readMany<unknown>(roomIds.flatMap((id) => [keys.head(id), keys.room(id)]));
  return roomIds.map((_, i) => ({
    head: entries[2 * i],
    state: joinRoom(entries[2 * i].value, entries[2 * i + 1].value),
  }));
}

export async function readRooms(roomIds: number[]): Promise<(RoomState | null)[]> {
  return (await readStoredRooms(roomIds)).map((r) => r.state);
}
