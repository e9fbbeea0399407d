import { formatDisplayDate, formatDisplayDateTime } from "../../utils/date_format.ts";
import type { TranscriptEntry } from "../../services/academic/model.ts";
import type { StudentHistoryEntry } from "../../services/students/mod.ts";
import type { Lang, Translate } from "../../utils/i18n.ts";

export interface StudentHistoryProps {
  entries: StudentHistoryEntry[];
  /** Course codes by id, to name the courses of transcript entries. */
  courseCodes: ReadonlyMap<number, string>;
  /** Program codes by id, to name programs in changes. */
  programCodes: ReadonlyMap<number, string>;
  t: Translate;
  lang: Lang;
}

/** Fields a person edits, in form order: the history names the changed ones with old and new values. */
const FIELDS = [
  "personalNumber",
  "lastNameKa",
  "firstNameKa",
  "lastNameEn",
  "firstNameEn",
  "birthDate",
  "email",
  "phone",
  "programId",
  "status",
  "admissionYear",
] as const;

type Values = Partial<Record<(typeof FIELDS)[number], unknown>>;

interface Codes {
  courses: ReadonlyMap<number, string>;
  programs: ReadonlyMap<number, string>;
}

function shown(field: string, value: unknown, t: Translate, codes: Codes): string {
  if (value === null || value === undefined || value === "") return "—";
  if (field === "status") return t(`students.status.${value}`);
  if (field === "programId") return codes.programs.get(value as number) ?? `#${value}`;
  if (field === "birthDate") return formatDisplayDate(String(value)) || String(value);
  return String(value);
}

function describe(entry: StudentHistoryEntry, t: Translate, codes: Codes) {
  if (entry.subject === "transcript") {
    const e = entry.after as Partial<TranscriptEntry> | null;
    return t("students.history.transcriptAdded", {
      course: (e?.bookId !== undefined && codes.courses.get(e.bookId)) || `#${e?.bookId ?? "?"}`,
      points: e?.points ?? "?",
      grade: e?.grade ?? "?",
    });
  }
  if (entry.action !== "update") return t(`students.history.${entry.action}`);
  const before = (entry.before ?? {}) as Values;
  const after = (entry.after ?? {}) as Values;
  const changed = FIELDS.filter((f) => before[f] !== after[f]);
  if (changed.length === 0) return t("students.history.update");
  return (
    <ul class="space-y-0.5">
      {changed.map((f) => (
        <li key={f}>
          <span class="font-medium">{t(`students.fields.${f === "programId" ? "program" : f}`)}</span>:{" "}
          <span class="text-gray-500 line-through">{shown(f, before[f], t, codes)}</span> →{" "}
          {shown(f, after[f], t, codes)}
        </li>
      ))}
    </ul>
  );
}

/** The change history, newest first: when, who, and what changed. */
export function StudentHistory({ entries, courseCodes, programCodes, t }: StudentHistoryProps) {
  if (entries.length === 0) {
    return <p class="text-sm text-gray-500">{t("students.history.empty")}</p>;
  }
  return (
    <ol class="divide-y divide-gray-100 rounded-lg border border-gray-200 bg-white text-sm">
      {entries.map((entry) => (
        <li key={entry.id} class="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:gap-6">
          <div class="shrink-0 text-gray-500 sm:w-56">
            <time dateTime={entry.at}>{formatDisplayDateTime(new Date(entry.at))}</time>
            <div class="text-xs">{entry.actorName ?? t("students.history.system")}</div>
          </div>
          <div class="text-gray-800">
            {describe(entry, t, { courses: courseCodes, programs: programCodes })}
          </div>
        </li>
      ))}
    </ol>
  );
}
