import { type Lang, LANGUAGES } from "../utils/i18n.ts";

const NAMES: Record<Lang, string> = { ka: "ქართული", en: "English" };

/** Language choice as plain links, so it works before (and without) JavaScript; the server sets the cookie. */
export function LanguageLinks({ current, next, label }: { current: Lang; next: string; label: string }) {
  return (
    <nav aria-label={label} class="flex items-center gap-2 text-sm">
      {LANGUAGES.map((lang) => (
        <a
          key={lang}
          href={`/language/${lang}?next=${encodeURIComponent(next)}`}
          lang={lang}
          data-native
          aria-current={lang === current ? "true" : undefined}
          class="rounded px-2 py-1 text-gray-600 hover:bg-gray-100 aria-[current=true]:font-semibold aria-[current=true]:text-primary-800"
        >
          {NAMES[lang]}
        </a>
      ))}
    </nav>
  );
}
