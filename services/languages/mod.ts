/**
 * The languages domain (services/languages/) owns language administration, the translation overrides and
 * the server's dictionaries (i18n.ts). This file: language administration (SPEC §2.3 "language admin screen", API.md languageList, languageAdd,
 * keywordsGenerate, templatesGenerate, translationSave). Two sides:
 * - `admin_side`: this application. Its ka and en texts ship in locales/*.json; an edit stored here overrides
 *   the shipped text for everyone at once (languages/overrides.ts applies it to pages and islands).
 * - `student_side`: the students' portal, a separate application that takes its dictionaries from here; it
 *   ships nothing in this repository, so its texts live only in KV.
 * Both sides know ka and en (built in); more languages can be added (stored, translated, exported as
 * templates; this application's own interface stays ka/en).
 *
 * Keys: `["languages", side, code]` Language; `["translations", side, code, key]` text ("" = found in code, not
 * translated yet). Each write adds 1 to `["meta", "translations_version"]` and is audited in the same atomic.
 *
 * "Find new keywords" needs the keys the code uses, but the server may not read its own sources (it reads only
 * ./static, ./locales, ./data). The build therefore scans the sources (utils/i18n_key_scan.ts) and writes
 * static/_build/i18n_keys.json; without a build the admin side falls back to the shipped ka file's keys.
 */
import { addAudit } from "../db/audit_log.ts";
import { commitInBatches, db, type KvOp } from "../db/kv.ts";
import { dictionaries } from "./i18n.ts";
import { ADMIN_SIDE, refreshTranslationOverrides, TRANSLATIONS_VERSION_KEY } from "./overrides.ts";
import { AppError, conflict, invalid, notFound } from "../../utils/errors.ts";
import { type Dictionary, isLang } from "../../utils/i18n.ts";
import { flattenDictionary, nestDictionary } from "../../utils/i18n_key_scan.ts";

export const SIDES = ["admin_side", "student_side"] as const;
export type Side = typeof SIDES[number];

export interface Language {
  code: string;
  name: string;
  flag: string;
  builtIn: boolean;
}

export interface LanguageSummary extends Language {
  keys: number;
  translated: number;
}

export interface TranslationRow {
  key: string;
  /** The Georgian text of the same side, to translate from. */
  reference: string;
  /** What this application ships for the key (admin side, ka/en), or "". */
  shipped: string;
  text: string;
  /** Whether a stored text replaces the shipped one (or is the only one). */
  edited: boolean;
}

const BUILT_IN: Language[] = [
  { code: "ka", name: "ქართული", flag: "", builtIn: true },
  { code: "en", name: "English", flag: "", builtIn: true },
];
const languageKey = (side: Side, code: string): Deno.KvKey => ["languages", side, code];
const textKey = (side: Side, code: string, key: string): Deno.KvKey => ["translations", side, code, key];
const bump = (atomic: Deno.AtomicOperation) => atomic.sum(TRANSLATIONS_VERSION_KEY, 1n);

const KEYS_FILE = new URL("../../static/_build/i18n_keys.json", import.meta.url);
let usedKeysCache: Promise<Record<Side, string[]>> | null = null;

/** Keys the code uses, per side, as the build found them (read once). */
export function usedKeys(): Promise<Record<Side, string[]>> {
  usedKeysCache ??= Deno.readTextFile(KEYS_FILE).then(
    (text) => {
      const sides = (JSON.parse(text) as { sides?: Partial<Record<Side, string[]>> }).sides ?? {};
      return { admin_side: sides.admin_side ?? [], student_side: sides.student_side ?? [] };
    },
    () => ({ admin_side: Object.keys(flattenDictionary(dictionaries.ka)), student_side: [] }),
  );
  return usedKeysCache;
}

const shippedOf = (side: Side, code: string): Record<string, string> =>
  side === ADMIN_SIDE && isLang(code) ? flattenDictionary(dictionaries[code]) : {};

async function storedOf(side: Side, code: string): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  for await (const entry of db().list<string>({ prefix: ["translations", side, code] })) {
    texts.set(entry.key[3] as string, entry.value);
  }
  return texts;
}

export async function listLanguages(side: Side): Promise<Language[]> {
  const added: Language[] = [];
  for await (const entry of db().list<Omit<Language, "builtIn">>({ prefix: ["languages", side] })) {
    added.push({ ...entry.value, builtIn: false });
  }
  return [...BUILT_IN, ...added.sort((a, b) => a.code.localeCompare(b.code))];
}

export async function getLanguage(side: Side, code: string): Promise<Language | null> {
  return (await listLanguages(side)).find((l) => l.code === code) ?? null;
}

/** The side's languages with how many keys each has and how many of them have a text. */
export async function languageSummaries(side: Side): Promise<LanguageSummary[]> {
  return await Promise.all((await listLanguages(side)).map(async (language) => {
    const texts = {
      ...shippedOf(side, language.code),
      ...Object.fromEntries(await storedOf(side, language.code)),
    };
    const values = Object.values(texts);
    return { ...language, keys: values.length, translated: values.filter(Boolean).length };
  }));
}

export async function addLanguage(
  side: Side,
  input: { code: string; name: string; flag: string },
  actor: number,
): Promise<Language> {
  const duplicate = new AppError(409, "duplicate", "errors.duplicate", {
    fields: { code: { key: "errors.duplicate" } },
  });
  if (BUILT_IN.some((l) => l.code === input.code)) throw duplicate;
  const key = languageKey(side, input.code);
  const stored = {
    code: input.code,
    name: input.name,
    flag: input.flag,
    createdAt: new Date().toISOString(),
  };
  const atomic = bump(db().atomic().check({ key, versionstamp: null }).set(key, stored));
  addAudit(atomic, {
    entity: "languages",
    entityId: `${side}:${input.code}`,
    actor,
    action: "create",
    before: null,
    after: stored,
  });
  if (!(await atomic.commit()).ok) throw duplicate;
  return { ...stored, builtIn: false };
}

/** Every key of a language (shipped, stored, found), with its text, filtered and paged. */
export async function translationRows(
  side: Side,
  code: string,
  query: { q?: string; missing?: boolean; page: number; limit: number },
): Promise<{ data: TranslationRow[]; total: number }> {
  const shipped = shippedOf(side, code);
  const stored = await storedOf(side, code);
  const reference = code === "ka"
    ? null
    : { ...shippedOf(side, "ka"), ...Object.fromEntries(await storedOf(side, "ka")) };
  const keys = [...new Set([...Object.keys(shipped), ...stored.keys()])].sort();
  const needle = query.q?.trim().toLowerCase() ?? "";
  const rows: TranslationRow[] = [];
  for (const key of keys) {
    const text = stored.get(key) || shipped[key] || "";
    const row: TranslationRow = {
      key,
      reference: reference ? reference[key] ?? "" : text,
      shipped: shipped[key] ?? "",
      text,
      edited: stored.has(key) && stored.get(key) !== "",
    };
    if (query.missing && text !== "") continue;
    if (needle && ![row.key, row.text, row.reference].some((s) => s.toLowerCase().includes(needle))) continue;
    rows.push(row);
  }
  return { data: rows.slice((query.page - 1) * query.limit, query.page * query.limit), total: rows.length };
}

/** Adds the keys the code uses that a language of the side lacks (empty, to translate). Returns counts. */
export async function generateKeywords(side: Side, actor: number): Promise<Record<string, number>> {
  const used = (await usedKeys())[side];
  const added: Record<string, number> = {};
  for (const language of await listLanguages(side)) {
    const shipped = shippedOf(side, language.code);
    const stored = await storedOf(side, language.code);
    const missing = used.filter((key) => !Object.hasOwn(shipped, key) && !stored.has(key));
    added[language.code] = missing.length;
    if (missing.length === 0) continue;
    await commitInBatches(
      missing.map((key): KvOp => ({ type: "set", key: textKey(side, language.code, key), value: "" })),
    );
  }
  const atomic = bump(db().atomic());
  addAudit(atomic, {
    entity: "translations",
    entityId: side,
    actor,
    action: "keywords",
    before: null,
    after: added,
  });
  await atomic.commit();
  if (side === ADMIN_SIDE) await refreshTranslationOverrides();
  return added;
}

/** Each language of the side as a nested dictionary file (the template a front end loads). */
export async function generateTemplates(side: Side): Promise<Record<string, Dictionary>> {
  const templates: Record<string, Dictionary> = {};
  for (const language of await listLanguages(side)) {
    const stored = await storedOf(side, language.code);
    const flat = { ...shippedOf(side, language.code) };
    for (const [key, text] of stored) if (text !== "" || !Object.hasOwn(flat, key)) flat[key] = text;
    templates[language.code] = nestDictionary(flat);
  }
  return templates;
}

/**
 * Stores a translation. On the admin side an empty text for a shipped key removes the edit (the shipped text
 * is back); elsewhere it keeps the key untranslated. The key must already belong to the language or be used by
 * the code.
 */
export async function saveTranslation(
  side: Side,
  code: string,
  key: string,
  text: string,
  actor: number,
): Promise<TranslationRow> {
  if (!(await getLanguage(side, code))) throw notFound("language");
  const shipped = shippedOf(side, code);
  const entryKey = textKey(side, code, key);
  const before = await db().get<string>(entryKey);
  const known = Object.hasOwn(shipped, key) || before.versionstamp !== null ||
    (await usedKeys())[side].includes(key);
  if (!known) {
    throw invalid({ key: { key: "langAdmin.errors.unknownKey" } });
  }
  const removeEdit = text === "" && Object.hasOwn(shipped, key);
  const atomic = db().atomic().check(before);
  if (removeEdit) atomic.delete(entryKey);
  else atomic.set(entryKey, text);
  bump(atomic);
  addAudit(atomic, {
    entity: "translations",
    entityId: `${side}:${code}:${key}`,
    actor,
    action: removeEdit ? "remove" : before.versionstamp ? "update" : "create",
    before: before.value,
    after: removeEdit ? null : text,
  });
  if (!(await atomic.commit()).ok) throw conflict();
  if (side === ADMIN_SIDE) await refreshTranslationOverrides();
  const reference = code === "ka" ? null : (await db().get<string>(textKey(side, "ka", key))).value ||
    shippedOf(side, "ka")[key] || "";
  const effective = removeEdit ? shipped[key] : text || shipped[key] || "";
  return {
    key,
    reference: reference ?? effective,
    shipped: shipped[key] ?? "",
    text: effective,
    edited: !removeEdit && text !== "",
  };
}
