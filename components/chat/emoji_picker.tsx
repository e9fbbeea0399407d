/**
 * The emoji picker dialog (SPEC §2.8, §9): emoji-mart with its data, loaded only when first opened (it is
 * the largest part of the chat); search off, light theme, 9 per line, 4 lines of frequently used, size 24.
 * Skin tone, usage counts and the last used emoji live in localStorage under emoji-mart's keys
 * (components/chat/emoji_store.ts repairs and seeds them first).
 *
 * The page's CSP allows no inline <style>, and emoji-mart puts its stylesheet in a <style> inside its shadow
 * root: a subclass (its own custom element name) adopts the same text as a constructed stylesheet instead,
 * which CSP does not restrict.
 */
import { useEffect, useRef } from "preact/hooks";
import { t } from "../../utils/i18n.ts";
import { Dialog } from "../ui/dialog.tsx";
import { FREQUENT_ROWS, PER_LINE, prepareEmojiStorage } from "./emoji_store.ts";

export interface EmojiPickerProps {
  open: boolean;
  onClose: () => void;
  onSelect: (native: string) => void;
}

interface SelectedEmoji {
  native?: string;
}

const libraries = Promise.all([
  import("emoji-mart"),
  import("@emoji-mart/data", { with: { type: "json" } }),
]);

export function EmojiPicker({ open, onClose, onSelect }: EmojiPickerProps) {
  const host = useRef<HTMLDivElement>(null);
  const latest = useRef(onSelect);
  latest.current = onSelect;

  useEffect(() => {
    let cancelled = false;
    let element: HTMLElement | null = null;
    libraries.then(([{ Picker }, data]) => {
      if (cancelled || !host.current) return;
      const { skin } = prepareEmojiStorage(localStorage);
      const CspPicker = cspSafe(Picker as unknown as PickerClass);
      element = new CspPicker({
        data: data.default,
        onEmojiSelect: (emoji: SelectedEmoji) => emoji.native && latest.current(emoji.native),
        perLine: PER_LINE,
        maxFrequentRows: FREQUENT_ROWS,
        emojiSize: 24,
        searchPosition: "none",
        previewPosition: "none",
        theme: "light",
        skin,
        locale: "en",
        // Our own translations (locales, "emojiPicker"), never emoji-mart's CDN: nothing English on a Georgian page.
        i18n: pickerTexts(),
      });
      host.current.replaceChildren(element);
    });
    return () => {
      cancelled = true;
      element?.remove();
    };
  }, []);

  return (
    <Dialog id="chat-emoji-picker" open={open} onClose={onClose} title={t("chat.emoji")} width={500}>
      <div ref={host} class="flex min-h-[360px] justify-center" data-testid="chat-emoji-picker">
        <p class="text-sm text-gray-500">{t("chat.loading")}</p>
      </div>
    </Dialog>
  );
}

const CATEGORIES = [
  "activity",
  "custom",
  "flags",
  "foods",
  "frequent",
  "nature",
  "objects",
  "people",
  "places",
  "search",
  "symbols",
];
const TEXTS = ["search", "search_no_results_1", "search_no_results_2", "pick", "add_custom"];

/** emoji-mart's i18n object (the shape of @emoji-mart/data/i18n/en.json) in the page's language. */
function pickerTexts() {
  const k = "emojiPicker";
  return {
    ...Object.fromEntries(TEXTS.map((key) => [key, t(`${k}.${key}`)])),
    categories: Object.fromEntries(CATEGORIES.map((c) => [c, t(`${k}.categories.${c}`)])),
    skins: Object.fromEntries(["choose", "1", "2", "3", "4", "5", "6"].map((s) => [s, t(`${k}.skins.${s}`)])),
  };
}

type PickerClass = new (props: Record<string, unknown>) => HTMLElement & {
  injectStyles(styles: string): void;
};

const SAFE_TAG = "chat-emoji-picker";

/** emoji-mart's picker with its stylesheet adopted rather than inserted as an inline <style>. */
function cspSafe(Picker: PickerClass): PickerClass {
  const existing = customElements.get(SAFE_TAG) as PickerClass | undefined;
  if (existing) return existing;
  class CspSafePicker extends Picker {
    override injectStyles(styles: string) {
      const root = this.shadowRoot;
      if (!styles || !root) return;
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(styles);
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    }
  }
  customElements.define(SAFE_TAG, CspSafePicker);
  return CspSafePicker;
}
