/**
 * Which chat windows are open and which of them are active (SPEC §4, §9): opening a chat makes it active;
 * at most floor((window width − 100) / 330) windows are active (at least 1) and the oldest active ones become
 * inactive; minimize makes a window inactive; close removes it. Under 768 px the chat is a full-screen view.
 */

export const WINDOW_WIDTH_PX = 328;
export const WINDOW_SLOT_PX = 330;
export const WINDOW_MARGIN_PX = 100;
export const MOBILE_BREAKPOINT_PX = 768;
/** The new-message panel is a window with this chat id (SPEC §2.8). */
export const NEW_CHAT_ID = -1;

export type WindowStatus = "active" | "inactive";

export interface ChatWindowState {
  chatId: number;
  status: WindowStatus;
  /** Order of activation: larger is newer; the oldest active windows give way first. */
  activatedAt: number;
}

export function activeLimit(viewportWidth: number): number {
  return Math.max(1, Math.floor((viewportWidth - WINDOW_MARGIN_PX) / WINDOW_SLOT_PX));
}

export function isMobile(viewportWidth: number): boolean {
  return viewportWidth < MOBILE_BREAKPOINT_PX;
}

/** Deactivates the oldest active windows beyond the limit (after a resize, too). */
export function enforceLimit(windows: readonly ChatWindowState[], viewportWidth: number): ChatWindowState[] {
  const limit = activeLimit(viewportWidth);
  const keep = new Set(
    windows.filter((w) => w.status === "active").sort((a, b) => b.activatedAt - a.activatedAt).slice(0, limit)
      .map((w) => w.chatId),
  );
  return windows.map((w) =>
    w.status === "active" && !keep.has(w.chatId) ? { ...w, status: "inactive" as const } : w
  );
}

function nextStamp(windows: readonly ChatWindowState[]): number {
  return windows.reduce((max, w) => Math.max(max, w.activatedAt), 0) + 1;
}

/** Opens (or re-activates) a chat: it becomes the newest active window. */
export function openWindow(
  windows: readonly ChatWindowState[],
  chatId: number,
  viewportWidth: number,
): ChatWindowState[] {
  const stamp = nextStamp(windows);
  const opened = { chatId, status: "active" as const, activatedAt: stamp };
  const exists = windows.some((w) => w.chatId === chatId);
  const next = exists ? windows.map((w) => (w.chatId === chatId ? opened : w)) : [...windows, opened];
  return enforceLimit(next, viewportWidth);
}

export function minimizeWindow(windows: readonly ChatWindowState[], chatId: number): ChatWindowState[] {
  return windows.map((w) => (w.chatId === chatId ? { ...w, status: "inactive" as const } : w));
}

export function closeWindow(windows: readonly ChatWindowState[], chatId: number): ChatWindowState[] {
  return windows.filter((w) => w.chatId !== chatId);
}

const STORAGE_KEY = "chat.windows";

/** Open windows survive a full reload of the tab (sessionStorage: per tab, gone when it closes). */
export function saveWindows(storage: Pick<Storage, "setItem"> | null, windows: readonly ChatWindowState[]) {
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(windows));
  } catch { /* storage full or disabled: the windows just won't come back */ }
}

export function loadWindows(storage: Pick<Storage, "getItem"> | null): ChatWindowState[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(STORAGE_KEY) ?? "[]");
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((w): w is ChatWindowState =>
      !!w && typeof w === "object" && Number.isInteger(w.chatId) &&
      (w.status === "active" || w.status === "inactive") && typeof w.activatedAt === "number"
    ).slice(0, 20);
  } catch {
    return [];
  }
}
