/**
 * File rules of the chat (SPEC §3, §5): the selected files together may not exceed 5,000,000 bytes; a file
 * message's text is JSON with `filename` (server-generated) and `originalname`, and a message whose text does
 * not parse is not shown; at most 3 icons are shown for a room and inline data images become the default.
 */
import { chatFileAddress, MAX_UPLOAD_BYTES } from "../../services/chat/protocol.ts";
import { ACCEPTED_EXTENSIONS } from "../../services/chat/sniff.ts";

export const MAX_TOTAL_BYTES = MAX_UPLOAD_BYTES;
export const MAX_ICONS = 3;
export const DEFAULT_ICON = "/static/avatar.svg";

export function totalSize(files: Iterable<{ size: number }>): number {
  let sum = 0;
  for (const file of files) sum += file.size;
  return sum;
}

export function withinUploadLimit(files: Iterable<{ size: number }>): boolean {
  return totalSize(files) <= MAX_TOTAL_BYTES;
}

/** The file picker's `accept`: the extensions the server takes (it still decides by content). */
export const ACCEPT_ATTRIBUTE = ACCEPTED_EXTENSIONS.join(",");

/** Whether a file's name ends in an extension the server takes; a wrong one is refused before sending. */
export function acceptedName(name: string): boolean {
  const dot = name.lastIndexOf(".");
  return dot > 0 && ACCEPTED_EXTENSIONS.includes(name.slice(dot).toLowerCase());
}

/** Why a selection is refused as a whole before anything is sent, or null when it may be sent. */
export type SelectionRefusal = { kind: "tooBig" } | { kind: "type"; names: string[] };

export function selectionRefusal(files: readonly { name: string; size: number }[]): SelectionRefusal | null {
  const refused = files.filter((f) => !acceptedName(f.name)).map((f) => f.name);
  if (refused.length) return { kind: "type", names: refused };
  return withinUploadLimit(files) ? null : { kind: "tooBig" };
}

export interface FileContent {
  filename: string;
  originalname: string;
  /** Where to download it: our own chatFile path only, else built from the server-generated name. */
  address: string;
}

const FILE_TYPES = new Set<string>(["FILE", "IMAGE", "VIDEO", "AUDIO"]);

export function isFileType(type: string): boolean {
  return FILE_TYPES.has(type);
}

/** The file a message refers to, or null when its text is not the expected JSON (then it is not shown). */
export function parseFileContent(text: string): FileContent | null {
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== "object") return null;
    const { filename, originalname } = value as Record<string, unknown>;
    if (typeof filename !== "string" || !/^[\w.\-]{1,200}$/.test(filename)) return null;
    if (typeof originalname !== "string" || originalname.length > 500) return null;
    const { address } = value as Record<string, unknown>;
    const own = typeof address === "string" && address.startsWith("/api/chat/") && !address.includes("..");
    return { filename, originalname, address: own ? address : chatFileAddress(filename) };
  } catch {
    return null;
  }
}

/** Whether a message is displayed: text, progress, and file messages whose content parses. */
export function isDisplayable(message: { type: string; text: string }): boolean {
  return !isFileType(message.type) || parseFileContent(message.text) !== null;
}

/**
 * Up to three icons for a room's avatar stack; an inline `data:` image (which could be anything, and is large)
 * or an empty one is replaced by the default icon.
 */
export function roomIcons(icons: readonly (string | null | undefined)[]): string[] {
  return icons.slice(0, MAX_ICONS).map((icon) => safeIcon(icon));
}

export function safeIcon(icon: string | null | undefined): string {
  if (!icon) return DEFAULT_ICON;
  const trimmed = icon.trim();
  if (/^data:/i.test(trimmed)) return DEFAULT_ICON;
  // Only our own paths or http(s) addresses: no javascript: or other schemes in an img src.
  if (trimmed.startsWith("/") && !trimmed.startsWith("//")) return trimmed;
  if (/^https?:\/\//i.test(trimmed)) return trimmed;
  return DEFAULT_ICON;
}

/** Progress text of the temporary upload message: the whole percentage, 0–100. */
export function progressText(sent: number, total: number): string {
  if (total <= 0) return "100";
  return String(Math.min(100, Math.max(0, Math.floor((sent / total) * 100))));
}
