/**
 * Registration fill rates of a semester: every section's enrolled students against its capacity, the spread of
 * fill rates, and the fullest and emptiest courses. Sections come from the registration domain's cached list
 * (registration/sections.ts); their seat counters and settings are read with two range scans of the
 * semester's keys (`["section_seats", "<groupId>-…"]`), not one read per section.
 *
 * Kept a few seconds per semester: a seat counter moves with every enrolment, and the registration domain has
 * deliberately no university-wide version key to move with it (a hot key every decision would contend on), so
 * the dashboard's fill rates are up to FRESH_MS old — in every process alike — or, while a newer copy is being
 * read, up to STALE_MS (no request waits for a re-read it does not need: the dashboard stays fast under load).
 */
import { bookName } from "../books/mod.ts";
import { db } from "../db/kv.ts";
import { hrName } from "../hr/mod.ts";
import { keys, NO_SEATS, type SectionSeats, type SectionSettings } from "../registration/model.ts";
import { capacityOf, groupSections, type Section } from "../registration/sections.ts";
import type { Lang } from "../../utils/i18n.ts";
import { inBackground } from "../../utils/background.ts";

const FRESH_MS = 5_000;
/**
 * How long a semester's list of sections is used before it is asked for again. The registration domain keeps it
 * 30 s and then builds it anew (a third of a second on the large demo, on the event loop every request shares);
 * sections change with the timetable, between semesters, so the fill rates re-read only the seats each time.
 */
const SECTIONS_MS = 300_000;
const STALE_MS = 60_000;
/** Rows of the fullest and emptiest lists. */
const EXTREMES = 10;
/** Fill-rate bands: 0–9 %, 10–19 % … 90–99 %, and full (100 % or more). */
export const FILL_BANDS = [
  "0–9%",
  "10–19%",
  "20–29%",
  "30–39%",
  "40–49%",
  "50–59%",
  "60–69%",
  "70–79%",
  "80–89%",
  "90–99%",
  "100%",
];

export interface SectionFill {
  sectionId: string;
  course: string;
  code: string;
  professor: string;
  capacity: number;
  enrolled: number;
  waitlisted: number;
  /** enrolled / capacity, 0–1 (and above when a registrar lowered the capacity under the roster). */
  rate: number;
}

export interface FillRates {
  groupId: number;
  sections: number;
  capacity: number;
  enrolled: number;
  waitlisted: number;
  /** Over all sections with seats: Σ enrolled / Σ capacity. */
  rate: number;
  bands: number[];
  fullest: SectionFill[];
  emptiest: SectionFill[];
}

interface Fill {
  section: Section;
  capacity: number;
  seats: SectionSeats;
  closed: boolean;
}

interface Held {
  kv: Deno.Kv;
  /** The last copy read, and when its read began. */
  ready: { at: number; fills: Fill[] } | null;
  pending: Promise<Fill[]> | null;
  sections: { at: number; list: Section[] } | null;
}

const held = new Map<number, Held>();

async function rangeOf<T>(prefix: string, groupId: number): Promise<Map<string, T>> {
  const out = new Map<string, T>();
  // Section ids start with "<groupId>-": the range from "<groupId>-" up to "<groupId>." holds exactly them.
  const range = { start: [prefix, `${groupId}-`], end: [prefix, `${groupId}.`] };
  for await (const e of db().list<T>(range, { batchSize: 1000 })) out.set(e.key[1] as string, e.value);
  return out;
}

async function loadFills(groupId: number, entry: Held): Promise<Fill[]> {
  const known = entry.sections && Date.now() - entry.sections.at < SECTIONS_MS ? entry.sections : null;
  const [list, seats, settings] = await Promise.all([
    known?.list ?? groupSections(groupId).then(({ list }) => {
      entry.sections = { at: Date.now(), list };
      return list;
    }),
    rangeOf<SectionSeats>(keys.seats("")[0] as string, groupId),
    rangeOf<SectionSettings>(keys.settings("")[0] as string, groupId),
  ]);
  return list.map((section) => {
    const setting = settings.get(section.id) ?? null;
    return {
      section,
      capacity: capacityOf(section, setting),
      seats: seats.get(section.id) ?? NO_SEATS,
      closed: setting?.closed ?? false,
    };
  });
}

function fillsOf(groupId: number): Promise<Fill[]> {
  const kv = db();
  let entry = held.get(groupId);
  if (!entry || entry.kv !== kv) {
    held.set(groupId, entry = { kv, ready: null, pending: null, sections: null });
  }
  const { ready } = entry;
  const age = ready ? Date.now() - ready.at : Infinity;
  if (ready && age < FRESH_MS) return Promise.resolve(ready.fills);
  if (!entry.pending) {
    const at = Date.now();
    const current = entry;
    const pending = loadFills(groupId, current).then((fills) => {
      current.ready = { at, fills };
      return fills;
    }).finally(() => {
      if (current.pending === pending) current.pending = null;
    });
    current.pending = pending;
    // Read in the background: a failure is dropped, and the next read tries again.
    inBackground(pending);
  }
  return ready && age < STALE_MS ? Promise.resolve(ready.fills) : entry.pending!;
}

/** The figures of each copy read, per language: computed once per copy, not per request. */
const figuresOf = new WeakMap<Fill[], Map<Lang, FillRates>>();

export async function fillRates(groupId: number, lang: Lang): Promise<FillRates> {
  const read = await fillsOf(groupId);
  let byLang = figuresOf.get(read);
  if (!byLang) figuresOf.set(read, byLang = new Map());
  let figures = byLang.get(lang);
  if (!figures) byLang.set(lang, figures = compute(groupId, read, lang));
  return figures;
}

function compute(groupId: number, read: Fill[], lang: Lang): FillRates {
  const fills = read.filter((f) => f.capacity > 0);
  const bands = FILL_BANDS.map(() => 0);
  let capacity = 0, enrolled = 0, waitlisted = 0;
  for (const f of fills) {
    capacity += f.capacity;
    enrolled += f.seats.enrolled;
    waitlisted += f.seats.waitlisted;
    bands[Math.min(FILL_BANDS.length - 1, Math.floor((f.seats.enrolled / f.capacity) * 10))]++;
  }
  const row = (f: Fill): SectionFill => ({
    sectionId: f.section.id,
    course: bookName(f.section.book, lang),
    code: f.section.book.code,
    professor: f.section.professor ? hrName(f.section.professor, lang) : `#${f.section.professorHrId}`,
    capacity: f.capacity,
    enrolled: f.seats.enrolled,
    waitlisted: f.seats.waitlisted,
    rate: Math.round((f.seats.enrolled / f.capacity) * 1000) / 1000,
  });
  const byRate = (a: Fill, b: Fill) =>
    a.seats.enrolled / a.capacity - b.seats.enrolled / b.capacity ||
    a.seats.waitlisted - b.seats.waitlisted || a.section.id.localeCompare(b.section.id);
  const sorted = [...fills].sort(byRate);
  return {
    groupId,
    sections: fills.length,
    capacity,
    enrolled,
    waitlisted,
    rate: capacity ? Math.round((enrolled / capacity) * 1000) / 1000 : 0,
    bands,
    fullest: sorted.slice(-EXTREMES).reverse().map(row),
    // Closed sections take nobody: "emptiest" names the open ones that could.
    emptiest: sorted.filter((f) => !f.closed).slice(0, EXTREMES).map(row),
  };
}
