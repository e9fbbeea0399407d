/**
 * Georgian everywhere (issue 31 point 2): every first-wave page, rendered in Georgian, shows no Latin-script
 * word except names and codes. What may be Latin: text marked as another language (`lang="en"`: a person's
 * name in the other script, a language named in itself) or as no language at all (`lang="zxx"`: codes, keys), codes and
 * acronyms in capitals (BUS-B, GPA, SMS, II), file extensions, e-mail addresses, permission keys, and dates as DD-MMM-YYYY with
 * times as 24-hour HH:mm (SPEC §9) — the one date format, so "Nov 25, 2026, 8:21 AM" fails here too.
 */
import { assertEquals } from "./assert.ts";
import { seededApp, tokenFor } from "./helpers.ts";

const app = await seededApp();

/** The first-wave screens, each as an account that may open it. */
const PAGES: [account: "admin" | "student", path: string][] = [
  ["admin", "/students"],
  ["admin", "/students/1"],
  ["admin", "/hr"],
  ["admin", "/hr?kind=administrative"],
  ["admin", "/hr/academic-personal/details/4/routes"],
  ["admin", "/books"],
  ["admin", "/books?names=en"],
  ["admin", "/tables"],
  ["admin", "/vote-form"],
  ["student", "/vote-form"],
  ["student", "/tables"],
  ["admin", "/permissions/users"],
  ["admin", "/permissions/professors"],
  ["admin", "/permissions/roles"],
  ["admin", "/permissions/params"],
  ["admin", "/permissions/menu"],
  ["admin", "/permissions/access-points"],
  ["admin", "/mailbox"],
  ["admin", "/chancellery"],
  ["admin", "/my-devices"],
  ["admin", "/user/notifications/list"],
  ["admin", "/user/notifications/settings"],
  ["admin", "/lang/ka"],
  ["admin", "/structure/schools"],
  ["admin", "/structure/specials"],
  ["admin", "/notifications/consents"],
  ["admin", "/chat/event-log"],
];

const MONTH = "(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)";
const DATE_TIME = new RegExp(`\\b\\d{2}-${MONTH}-\\d{4}(?: \\d{2}:\\d{2})?\\b`, "g");
const LABELS = /\b(?:aria-label|title|placeholder|alt)="([^"]*)"/g;
const ALLOWED = /^(?:[A-Z0-9][A-Z0-9-]*|UniAdmin|x+)$/;

/** The words a person reads (text, and the labels and hints of controls) that no rule above allows. */
export function strayLatinWords(html: string): string[] {
  let text = html.replace(/<script[\s\S]*?<\/script>/g, " ").replace(/<style[\s\S]*?<\/style>/g, " ");
  // Content marked as another language, or as none (innermost first, so nesting is handled).
  const marked = /<(\w+)\b[^>]*\blang="(?!ka")[a-z-]+"[^>]*>(?:(?!<\1\b)[\s\S])*?<\/\1>/g;
  for (let before = ""; before !== text;) [before, text] = [text, text.replace(marked, " ")];
  text = text
    // A tag becomes a space (or the labels it carries), so that words of neighbouring cells never run together.
    .replace(/<[^>]*>/g, (tag) => ` ${[...tag.matchAll(LABELS)].map((m) => m[1]).join(" ")} `)
    .replace(/&[a-z]+;|&#\d+;/g, " ")
    .replace(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, " ")
    .replace(/(?<![\w.])\.[a-z0-9]{2,5}\b/g, " ") // file extensions (.xlsx)
    .replace(/\{\{\s*\w+\s*\}\}/g, " ") // a translation's placeholders, on the language screen
    .replace(/\b[a-z][A-Za-z]*(?:\.[A-Za-z-]+)+/g, " ")
    .replace(DATE_TIME, " ");
  return (text.match(/[A-Za-z][A-Za-z'’]*/g) ?? []).filter((word) => !ALLOWED.test(word));
}

Deno.test("Georgian pages show no stray Latin words", async (t) => {
  const tokens = { admin: await tokenFor("admin"), student: await tokenFor("student") };
  await t.step("the rule itself: names and codes pass, English words and 12-hour dates do not", () => {
    assertEquals(
      strayLatinWords('<p>კურსი BUS-B 25-Nov-2026 08:21 <span lang="en">Nino Beridze</span></p>'),
      [],
    );
    assertEquals(strayLatinWords("<p>Nov 25, 2026, 8:21 AM</p><button title='x'>Save</button>"), [
      "Nov",
      "Save",
    ]);
  });
  for (const [account, path] of PAGES) {
    await t.step(`${path} (${account})`, async () => {
      const res = await app.request(path, {
        headers: { authorization: `Bearer ${tokens[account]}`, cookie: "lang=ka", accept: "text/html" },
      });
      assertEquals(res.status, 200);
      assertEquals(strayLatinWords(await res.text()), []);
    });
  }
});
