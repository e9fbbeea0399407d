/**
 * Attendance on one lesson date, keyboard first: a mark per student (a button); P present, A absent, L late,
 * Delete clears, Enter or a click goes to the next mark; arrows move between students. Each mark is saved at
 * once and shows saving, saved or failed; the student's share of absences follows.
 */
import { useState } from "preact/hooks";
import { ApiError, call } from "../../utils/api_client.ts";
import { t } from "../../utils/i18n.ts";

type State = "present" | "absent" | "late";
const ORDER: (State | null)[] = ["present", "absent", "late", null];
const KEYS: Record<string, State | null> = {
  p: "present",
  a: "absent",
  l: "late",
  Delete: null,
  Backspace: null,
};

export interface AttendanceRow {
  studentId: number;
  name: string;
  state: State | null;
  absenceShare: number;
  overLimit: boolean;
}

export function AttendanceGrid(
  { sectionId, date, dateLabel, rows, editable, absenceLimit }: {
    sectionId: string;
    date: string;
    dateLabel: string;
    rows: AttendanceRow[];
    editable: boolean;
    absenceLimit: number;
  },
) {
  return (
    <div class="space-y-2">
      <p class="text-xs text-gray-600" id="attendance-help">
        {t("lists.attendance.help")} {t("lists.attendance.limit", { limit: absenceLimit })}
      </p>
      <table
        class="min-w-full rounded-lg border border-gray-200 bg-white text-sm"
        id="attendance-grid"
        aria-describedby="attendance-help"
      >
        <thead class="bg-gray-50 text-xs text-gray-600">
          <tr>
            <th class="p-2 text-start">{t("lists.sheet.student")}</th>
            <th class="p-2 text-start">{dateLabel}</th>
            <th class="p-2 text-end">{t("lists.attendance.share")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <Mark
              key={row.studentId}
              sectionId={sectionId}
              date={date}
              row={row}
              index={i}
              count={rows.length}
              editable={editable}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Mark(
  { sectionId, date, row, index, count, editable }: {
    sectionId: string;
    date: string;
    row: AttendanceRow;
    index: number;
    count: number;
    editable: boolean;
  },
) {
  const [state, setState] = useState<State | null>(row.state);
  const [saving, setSaving] = useState<"idle" | "saving" | "saved" | "failed">("idle");
  const [message, setMessage] = useState("");

  async function mark(next: State | null) {
    const before = state;
    setState(next);
    setSaving("saving");
    try {
      await call("PUT /lists/{sectionId}/attendance", {
        params: { sectionId },
        body: { date, studentId: row.studentId, state: next },
      });
      setSaving("saved");
      setMessage("");
    } catch (error) {
      setState(before);
      setSaving("failed");
      setMessage(error instanceof ApiError ? error.message : t("errors.unexpected"));
    }
  }

  function onKeyDown(event: KeyboardEvent) {
    const focus = (i: number) =>
      document.querySelector<HTMLElement>(`[data-attendance-row="${Math.max(0, Math.min(count - 1, i))}"]`)
        ?.focus();
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      focus(index + (event.key === "ArrowDown" ? 1 : -1));
      return;
    }
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    if (editable && key in KEYS) {
      event.preventDefault();
      mark(KEYS[key]);
    }
  }

  const label = state ? t(`lists.attendance.${state}`) : t("lists.attendance.none");
  return (
    <tr class="border-t border-gray-100" data-student={row.studentId}>
      <th scope="row" class="p-2 text-start font-normal">{row.name}</th>
      <td class="p-2">
        <button
          type="button"
          data-attendance-row={index}
          data-state={state ?? "none"}
          disabled={!editable}
          aria-label={`${row.name}: ${label}`}
          class="min-w-28 rounded border border-gray-300 px-2 py-0.5 text-start"
          onKeyDown={onKeyDown}
          onClick={() => mark(ORDER[(ORDER.indexOf(state) + 1) % ORDER.length])}
        >
          {label}
        </button>
        <span class="ms-2 text-xs" role="status">
          {saving === "saving"
            ? t("lists.grid.saving")
            : saving === "saved"
            ? t("lists.grid.saved")
            : saving === "failed"
            ? t("lists.grid.failed", { message })
            : ""}
        </span>
      </td>
      <td class="p-2 text-end">
        {row.absenceShare}%{row.overLimit && (
          <span class="ms-1 text-danger-700">{t("lists.attendance.overLimit")}</span>
        )}
      </td>
    </tr>
  );
}
