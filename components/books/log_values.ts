/**
 * A course's log as a person reads it (issue 31 point 3): each changed field under the label its form shows,
 * each value as that form shows it — yes/no, the option's name, money with its currency, a linked record by
 * its name rather than its id or its stored structure — in the page's language.
 */
import { currentLang, t } from "../../utils/i18n.ts";

export interface ReadableChange {
  /** The form's label; null when the entry is one whole thing added or removed (shown by its name). */
  label: string | null;
  before?: string;
  after?: string;
}

/** Field → the label key its form uses. Fields not here (ids, timestamps, counters) are not shown. */
const LABELS: Record<string, string> = {
  name: "books.fields.name",
  nameEng: "books.fields.nameEng",
  code: "books.fields.code",
  description: "books.fields.description",
  credit: "books.fields.credit",
  type: "books.fields.type",
  lang: "books.fields.lang",
  status: "books.fields.status",
  langCode: "books.fields.langCode",
  nashromi_praqtika_type: "books.fields.nashromi_praqtika_type",
  medic: "books.fields.medic",
  level: "books.fields.level",
  gpaLimit: "bookDialogs.conditions.gpaLimit",
  limit: "bookDialogs.conditions.limit",
  conditions: "bookDialogs.conditions.course",
  prof_name: "bookDialogs.professors.professor",
  price: "bookDialogs.professors.price",
  additionalPay: "bookDialogs.professors.additionalPay",
  additionalPayTime: "bookDialogs.professors.additionalPayTime",
  additionalPayPrice: "bookDialogs.professors.additionalPayPrice",
  hasFreeTime: "bookDialogs.professors.hasFreeTime",
  freeTime: "bookDialogs.professors.freeTime",
  weight: "bookDialogs.components.weight",
  minScore: "bookDialogs.components.minScore",
  nameKa: "bookDialogs.components.nameKa",
  nameEn: "bookDialogs.components.nameEn",
  subLink: "bookDialogs.log.fields.subLink",
  ids: "bookDialogs.ruleStudents.ids",
  added: "bookDialogs.ruleStudents.ids",
  originalname: "bookDialogs.syllabuses.file",
};

/** Fields whose value is one of the form's options: the option's label key prefix. */
const OPTIONS: Record<string, string> = {
  type: "books.type",
  lang: "books.lang",
  status: "books.status",
  langCode: "books.langCode",
  level: "books.level",
  nashromi_praqtika_type: "books.practice",
};

/** Amounts in lari. */
const MONEY = new Set(["price", "additionalPayPrice"]);
const MAX_TEXT = 300;
const MAX_LISTED = 12;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

const empty = (v: unknown) => v === null || v === undefined || v === "";

/** A linked or listed record by its name in the page's language (and code), never by its structure. */
function nameOf(record: Record<string, unknown>): string {
  const en = currentLang() === "en";
  const name = [
    en ? record.nameEng ?? record.nameEn : record.name ?? record.nameKa,
    record.name,
    record.nameKa,
    record.prof_name,
    record.originalname,
  ].find((v) => typeof v === "string" && v !== "") as string | undefined;
  const code = typeof record.code === "string" && record.code ? record.code : null;
  if (name) return code ? `${code} — ${name}` : name;
  if (code) return code;
  return typeof record.id === "number" || typeof record.id === "string" ? `№ ${record.id}` : "—";
}

/** A value with no form of its own to follow: yes/no, lists, records by name, anything else as written. */
export function plainValue(value: unknown): string {
  if (empty(value)) return "—";
  if (typeof value === "boolean") return t(value ? "common.yes" : "common.no");
  if (Array.isArray(value)) {
    if (value.length === 0) return "—";
    const items = value.slice(0, MAX_LISTED).map(plainValue);
    const more = value.length - items.length;
    return items.join("; ") + (more > 0 ? ` ${t("bookDialogs.log.more", { count: more })}` : "");
  }
  if (isRecord(value)) return nameOf(value);
  return String(value);
}

/** One value of a course's log as the course's forms show it. */
export function readableValue(field: string, value: unknown): string {
  if (empty(value) || typeof value === "boolean" || isRecord(value)) return plainValue(value);
  if (Array.isArray(value)) return value.length ? value.map((v) => readableValue(field, v)).join("; ") : "—";
  if (MONEY.has(field) && typeof value === "number") return `${value.toLocaleString("en-US")} ₾`;
  if (field === "type" && typeof value === "string") return t(`bookDialogs.log.groupType.${value}`);
  if (OPTIONS[field]) return t(`${OPTIONS[field]}.${value}`);
  return String(value);
}

const clipped = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text);
const show = (field: string, value: unknown) => clipped(readableValue(field, value));

/** What changed, field by field under the form's labels; a whole thing added or removed by its name. */
export function readableChanges(before: unknown, after: unknown): ReadableChange[] {
  // A list saved as a whole (the components) or one thing added or removed: by name.
  if (!(isRecord(before) && isRecord(after))) {
    const one = (v: unknown) => (empty(v) ? undefined : show("", isRecord(v) ? wholeOf(v) : v));
    return [{ label: null, before: one(before), after: one(after) }];
  }
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((f) => f in LABELS);
  return fields
    .filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]))
    .map((f) => ({ label: t(LABELS[f]), before: show(f, before[f]), after: show(f, after[f]) }));
}

/** A record on its own: its name, or (a wrapper such as `{ subLink }` or `{ added }`) what it holds. */
function wholeOf(record: Record<string, unknown>): unknown {
  const keys = Object.keys(record);
  if (keys.length === 1 && (isRecord(record[keys[0]]) || Array.isArray(record[keys[0]]))) {
    return record[keys[0]];
  }
  return record;
}
