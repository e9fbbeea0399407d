/**
 * A list's points grid, keyboard first: each cell is an input; arrows move between cells (the value is selected
 * on arrival, so typing replaces it), Enter goes down (Shift+Enter up), Tab goes on, Escape takes back what was
 * typed, Delete clears. A cell is saved on its own when the focus leaves it, against the versionstamp it was
 * shown at: the cell then shows saving, saved or failed (with the server's reason), and when someone else saved
 * it meanwhile (409) it takes their value and says so. The row's total and grade follow each save.
 */
import { useRef, useState } from "preact/hooks";
import { ApiError, call } from "../../utils/api_client.ts";
import type { ResponseOf } from "../../components/api.ts";
import { t } from "../../utils/i18n.ts";

type Sheet = ResponseOf<"GET /lists/{sectionId}">;
type SheetStudent = Sheet["students"][number];
type CellState = "idle" | "saving" | "saved" | "failed" | "conflict";

interface CellView {
  /** What the input shows: typed text until it is saved. */
  draft: string;
  points: number | null;
  versionstamp: string | null;
  state: CellState;
  message: string;
}

const shown = (points: number | null) => points === null ? "" : String(points);

function parsePoints(text: string): number | null | typeof Number.NaN {
  const trimmed = text.trim().replace(",", ".");
  if (trimmed === "") return null;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

function focusCell(row: number, col: number) {
  const input = document.querySelector<HTMLInputElement>(`[data-grid-cell="${row}:${col}"]`);
  if (input) {
    input.focus();
    input.select();
  }
}

export function ListGrid({ sheet }: { sheet: Sheet }) {
  const [announcement, setAnnouncement] = useState("");
  return (
    <div class="space-y-2">
      <p class="text-xs text-gray-600" id="list-grid-help">{t("lists.grid.help")}</p>
      <div
        class="overflow-x-auto rounded-lg border border-gray-200 bg-white"
        role="region"
        tabIndex={-1}
        aria-label={t("lists.grid.label", { course: sheet.course.name })}
      >
        <table class="min-w-full text-sm" id="list-grid" aria-describedby="list-grid-help">
          <thead class="bg-gray-50 text-xs text-gray-600">
            <tr>
              <th class="p-2 text-start">{t("lists.sheet.student")}</th>
              {sheet.components.map((c) => (
                <th key={c.id} class="p-2 text-center">
                  <div>{c.name}</div>
                  <div class="font-normal">
                    {t("lists.sheet.max", { max: c.max })}
                    {c.minScore > 0 ? ` · ${t("lists.sheet.min", { min: c.minScore })}` : ""}
                  </div>
                </th>
              ))}
              <th class="p-2 text-end">{t("lists.sheet.total")}</th>
              <th class="p-2 text-center">{t("lists.sheet.grade")}</th>
              <th class="p-2 text-end">{t("lists.sheet.absences")}</th>
            </tr>
          </thead>
          <tbody>
            {sheet.students.map((student, r) => (
              <GridRow
                key={student.studentId}
                sheet={sheet}
                student={student}
                row={r}
                announce={setAnnouncement}
              />
            ))}
          </tbody>
        </table>
      </div>
      <p class="sr-only" role="status" aria-live="polite">{announcement}</p>
    </div>
  );
}

function GridRow(
  { sheet, student, row, announce }: {
    sheet: Sheet;
    student: SheetStudent;
    row: number;
    announce: (text: string) => void;
  },
) {
  const [cells, setCells] = useState<CellView[]>(() =>
    student.cells.map((c) => ({ ...c, draft: shown(c.points), state: "idle", message: "" }))
  );
  const [result, setResult] = useState({ total: student.total, grade: student.grade });
  // The latest cells, for saves that finish after a re-render.
  const latest = useRef(cells);
  latest.current = cells;
  const update = (col: number, patch: Partial<CellView>) =>
    setCells((now) => now.map((c, i) => (i === col ? { ...c, ...patch } : c)));

  async function save(col: number, input: HTMLInputElement) {
    const cell = latest.current[col];
    const typed = input.value;
    const points = parsePoints(typed);
    if (points !== null && Number.isNaN(points)) {
      update(col, { state: "failed", message: t("lists.errors.notNumber") });
      announce(t("lists.grid.failed", { message: t("lists.errors.notNumber") }));
      return;
    }
    if (points === cell.points) {
      if (cell.state === "failed") update(col, { state: "idle", message: "" });
      return;
    }
    update(col, { state: "saving", message: "" });
    try {
      const saved = await call("PUT /lists/{sectionId}/points", {
        params: { sectionId: sheet.sectionId },
        body: {
          studentId: student.studentId,
          componentId: sheet.components[col].id,
          points,
          versionstamp: cell.versionstamp,
        },
      });
      update(col, { points: saved.points, versionstamp: saved.versionstamp, state: "saved", message: "" });
      // Shown as saved ("7,5" becomes "7.5") unless the person typed again meanwhile.
      if (latest.current[col].draft === typed) update(col, { draft: shown(saved.points) });
      setResult({ total: saved.total, grade: saved.grade });
      announce(t("lists.grid.saved"));
    } catch (error) {
      const e = error instanceof ApiError ? error : new ApiError(0, "network", t("errors.network"));
      if (e.code === "stale_cell") {
        // Someone else saved the cell: show what is there now, with its version, so the next save is theirs + 1.
        const fresh = await call("GET /lists/{sectionId}", { params: { sectionId: sheet.sectionId } }).catch(
          () => null,
        );
        const current = fresh?.students.find((s) => s.studentId === student.studentId);
        const now = current?.cells[col] ?? { points: null, versionstamp: null };
        const message = t("lists.grid.conflict", { points: now.points === null ? "—" : now.points });
        update(col, {
          points: now.points,
          versionstamp: now.versionstamp,
          draft: shown(now.points),
          state: "conflict",
          message,
        });
        if (current) setResult({ total: current.total, grade: current.grade });
        announce(message);
        return;
      }
      const message = e.fields.points ?? e.message;
      update(col, { state: "failed", message });
      announce(t("lists.grid.failed", { message }));
    }
  }

  function onKeyDown(event: KeyboardEvent, col: number) {
    const input = event.currentTarget as HTMLInputElement;
    const last = sheet.students.length - 1;
    const move = (r: number, c: number) => {
      event.preventDefault();
      const [toRow, toCol] = [
        Math.max(0, Math.min(last, r)),
        Math.max(0, Math.min(sheet.components.length - 1, c)),
      ];
      // At the grid's edge the focus stays: save now, as leaving the cell would have.
      if (toRow === row && toCol === col) {
        save(col, input);
        input.select();
      } else focusCell(toRow, toCol);
    };
    switch (event.key) {
      case "ArrowUp":
        return move(row - 1, col);
      case "ArrowDown":
        return move(row + 1, col);
      case "ArrowLeft":
        return move(row, col - 1);
      case "ArrowRight":
        return move(row, col + 1);
      case "Enter":
        return move(event.shiftKey ? row - 1 : row + 1, col);
      case "Escape":
        event.preventDefault();
        update(col, { draft: shown(latest.current[col].points) });
        requestAnimationFrame(() => input.select());
        return;
    }
  }

  return (
    <tr class="border-t border-gray-100" data-student={student.studentId}>
      <th scope="row" class="p-2 text-start font-normal">
        <div class="font-medium">{student.name}</div>
        <div class="text-xs text-gray-500">{student.personalNumber}</div>
      </th>
      {cells.map((cell, col) => (
        <td key={col} class="p-1 text-center">
          <div class="flex items-center justify-center gap-1">
            <input
              type="text"
              inputMode="decimal"
              autoComplete="off"
              size={5}
              disabled={!sheet.editable}
              data-grid-cell={`${row}:${col}`}
              aria-label={t("lists.grid.cellLabel", {
                student: student.name,
                component: sheet.components[col].name,
              })}
              aria-invalid={cell.state === "failed" ? "true" : undefined}
              aria-describedby={cell.message ? `cell-${row}-${col}-msg` : undefined}
              // The draft is state: a re-render (another cell's save finishing) keeps what is being typed.
              value={cell.draft}
              onInput={(e) => update(col, { draft: (e.currentTarget as HTMLInputElement).value })}
              class={"w-16 rounded border px-1 py-0.5 text-end " +
                (cell.state === "failed"
                  ? "border-danger-600"
                  : cell.state === "conflict"
                  ? "border-amber-600"
                  : "border-gray-300")}
              onFocus={(e) => (e.currentTarget as HTMLInputElement).select()}
              onKeyDown={(e) => onKeyDown(e, col)}
              onBlur={(e) => save(col, e.currentTarget as HTMLInputElement)}
            />
            <CellMark cell={cell} />
          </div>
          {cell.message && (
            <div
              id={`cell-${row}-${col}-msg`}
              class={"mt-0.5 max-w-40 text-xs " +
                (cell.state === "conflict" ? "text-amber-800" : "text-danger-700")}
              data-cell-message
            >
              {cell.message}
            </div>
          )}
        </td>
      ))}
      <td class="p-2 text-end tabular-nums" data-total>{result.total}</td>
      <td class="p-2 text-center font-medium" data-grade>{result.grade}</td>
      <td class="p-2 text-end" data-absences>
        {student.absences}
        {student.overLimit && (
          <span class="ms-1 text-danger-700" title={t("lists.attendance.overLimit")}>⚠</span>
        )}
      </td>
    </tr>
  );
}

/** The cell's save state beside it: … saving, ✓ saved, ! failed or changed by someone else (named below). */
function CellMark({ cell }: { cell: CellView }) {
  if (cell.state === "idle") return <span class="w-4" aria-hidden="true" />;
  const text = cell.state === "saving"
    ? t("lists.grid.saving")
    : cell.state === "saved"
    ? t("lists.grid.saved")
    : t("lists.grid.failed", { message: "" });
  const mark = cell.state === "saving" ? "…" : cell.state === "saved" ? "✓" : "!";
  const color = cell.state === "saved"
    ? "text-green-700"
    : cell.state === "saving"
    ? "text-gray-500"
    : cell.state === "conflict"
    ? "text-amber-800"
    : "text-danger-700";
  return (
    <span class={`w-4 text-xs ${color}`} title={text} data-cell-state={cell.state}>
      <span aria-hidden="true">{mark}</span>
      <span class="sr-only">{text}</span>
    </span>
  );
}
