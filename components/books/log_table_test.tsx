/**
 * A readable course log (issue 31 point 3): the table's headers are words, each change is under its form's
 * label, values read as the form shows them (yes/no, options, lari, names instead of ids or structures), in
 * the page's language.
 */
import { renderToString } from "preact-render-to-string";
import { assert, assertEquals, assertMatch } from "../../tests/assert.ts";
import { translatorFor } from "../../services/languages/i18n.ts";
import { setActiveTranslator } from "../../utils/i18n.ts";
import { type LogEntry, LogTable } from "./log_table.tsx";

const entry = (over: Partial<LogEntry>): LogEntry => ({
  id: crypto.randomUUID(),
  at: "2026-11-25T04:21:00Z",
  actor: 2,
  actorName: "მარიამ კაპანაძე",
  action: "update",
  source: "books",
  what: null,
  before: null,
  after: null,
  ...over,
});

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

const ENTRIES: LogEntry[] = [
  entry({
    before: { id: 7, code: "CS101", credit: 5, medic: false },
    after: { id: 7, code: "CS101", credit: 6, medic: true },
  }),
  entry({
    action: "create",
    before: null,
    after: { subLink: { id: 1, name: "ზოგადი", nameEng: "General", code: "GEN", credit: 30 } },
  }),
  entry({
    source: "book_professors",
    what: "bookProfessorEdit",
    before: {
      id: 1,
      prof_id: 8,
      prof_name: "ნინო ბერიძე",
      price: 100,
      additionalPay: false,
      hasFreeTime: false,
    },
    after: {
      id: 1,
      prof_id: 8,
      prof_name: "ნინო ბერიძე",
      price: 150,
      additionalPay: true,
      hasFreeTime: false,
    },
  }),
];

Deno.test("the course log reads as the forms do", async (t) => {
  await t.step("in Georgian: labels, yes/no, lari and names; no key, id or structure", () => {
    setActiveTranslator("ka", translatorFor("ka"));
    const shown = text(renderToString(<LogTable entries={ENTRIES} />));
    assert(!/bookDialogs|BOOKDIALOGS/.test(shown), shown);
    assertMatch(shown, /რა მოხდა/);
    assertMatch(shown, /კრედიტი: 5 → 6/);
    assertMatch(shown, /სამედიცინო[^:]*: არა → დიახ/);
    assertMatch(shown, /GEN — ზოგადი/);
    assertMatch(shown, /100 ₾ → 150 ₾/);
    assert(!/prof_id|subLink|nameEng|additionalPay|hasFreeTime|true|false/.test(shown), shown);
    assertMatch(shown, /25-Nov-2026 08:21/);
  });
  await t.step("in English the same entries in English", () => {
    setActiveTranslator("en", translatorFor("en"));
    const shown = text(renderToString(<LogTable entries={ENTRIES} />));
    assertMatch(shown, /Credit: 5 → 6/);
    assertMatch(shown, /GEN — General/);
    assertMatch(shown, /Additional pay: No → Yes/);
    assertEquals(/What/.test(shown), true);
  });
});
