/**
 * The emoji picker's local storage (SPEC §3, §9): skin tone 1–6 (default 1), a usage count per emoji and the
 * last used emoji. The keys and formats are emoji-mart's own (`emoji-mart.skin`, `emoji-mart.frequently`,
 * `emoji-mart.last`, JSON values), so the picker reads and updates the same state; this module seeds and
 * repairs it before the picker opens and answers what the "frequently used" rows show.
 */

export const PER_LINE = 9;
export const FREQUENT_ROWS = 4;
export const SKIN_TONES = 6;
/** The default frequent list (16 emoji) shown before anything was used. */
export const DEFAULT_FREQUENT = [
  "+1",
  "grinning",
  "kissing_heart",
  "heart_eyes",
  "laughing",
  "stuck_out_tongue_winking_eye",
  "sweat_smile",
  "joy",
  "scream",
  "disappointed",
  "unamused",
  "weary",
  "sob",
  "sunglasses",
  "heart",
  "poop",
] as const;

type KeyValueStorage = Pick<Storage, "getItem" | "setItem">;

const KEY = { skin: "emoji-mart.skin", frequently: "emoji-mart.frequently", last: "emoji-mart.last" };
const MAX_TRACKED = 200;

export interface EmojiState {
  skin: number;
  frequently: Record<string, number>;
  last: string | null;
}

function readJson(storage: KeyValueStorage, key: string): unknown {
  try {
    const raw = storage.getItem(key);
    return raw === null ? undefined : JSON.parse(raw);
  } catch {
    return undefined;
  }
}

function write(storage: KeyValueStorage, key: string, value: unknown) {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch { /* storage full or disabled: the picker still works, it just forgets */ }
}

export function clampSkin(value: unknown): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= SKIN_TONES ? n : 1;
}

const EMOJI_ID = /^[\w+\-:]{1,64}$/;

export function readEmojiState(storage: KeyValueStorage): EmojiState {
  const raw = readJson(storage, KEY.frequently);
  const frequently: Record<string, number> = {};
  if (raw && typeof raw === "object" && !Array.isArray(raw)) {
    for (const [id, count] of Object.entries(raw as Record<string, unknown>)) {
      if (EMOJI_ID.test(id) && typeof count === "number" && Number.isFinite(count) && count > 0) {
        frequently[id] = Math.floor(count);
      }
    }
  }
  const last = readJson(storage, KEY.last);
  return {
    skin: clampSkin(readJson(storage, KEY.skin)),
    frequently,
    last: typeof last === "string" && EMOJI_ID.test(last) ? last : null,
  };
}

/**
 * Repairs what the picker will read: a skin tone outside 1–6 becomes 1, junk counts are dropped, and an
 * empty history is seeded with the 16 defaults (highest first), so the first opening shows them.
 */
export function prepareEmojiStorage(storage: KeyValueStorage): EmojiState {
  const state = readEmojiState(storage);
  if (Object.keys(state.frequently).length === 0) {
    DEFAULT_FREQUENT.forEach((id, i) => (state.frequently[id] = DEFAULT_FREQUENT.length - i));
  }
  write(storage, KEY.skin, state.skin);
  write(storage, KEY.frequently, state.frequently);
  return state;
}

/** Counts one use of `id` and remembers it as the last used (what the picker does on a click). */
export function recordUse(storage: KeyValueStorage, id: string): EmojiState {
  const state = readEmojiState(storage);
  if (!EMOJI_ID.test(id)) return state;
  state.frequently[id] = (state.frequently[id] ?? 0) + 1;
  state.last = id;
  // Keep the history bounded: the least used go first, never the last one used.
  const ids = Object.keys(state.frequently).sort((a, b) => state.frequently[b] - state.frequently[a]);
  for (const extra of ids.slice(MAX_TRACKED)) if (extra !== id) delete state.frequently[extra];
  write(storage, KEY.frequently, state.frequently);
  write(storage, KEY.last, id);
  return state;
}

export function setSkin(storage: KeyValueStorage, skin: number): number {
  const value = clampSkin(skin);
  write(storage, KEY.skin, value);
  return value;
}

/**
 * The "frequently used" rows: at most 4 lines of 9, most used first (ties by name), and the last used emoji
 * always among them (it takes the final place when it would fall off).
 */
export function frequentIds(state: EmojiState, perLine = PER_LINE, rows = FREQUENT_ROWS): string[] {
  const max = perLine * rows;
  const ids = Object.keys(state.frequently).sort((a, b) =>
    state.frequently[b] - state.frequently[a] || a.localeCompare(b)
  );
  const shown = ids.slice(0, max);
  if (state.last && ids.includes(state.last) && !shown.includes(state.last) && shown.length) {
    shown[shown.length - 1] = state.last;
  }
  return shown;
}
