/**
 * A list's points grid, keyboard first: each cell is an input; arrows move between cells (the value is selected
 * on arrival, so typing replaces it), Enter goes down (Shift+Enter up), Tab goes on, Escape takes back what was
 * typed, Delete clears. A cell is saved on its own when the focus leaves it, against the versionstamp it was
 * shown at: the cell then shows saving, saved or failed (with the server's reason), and when someone else saved
 * it meanwhile (409) it takes their value and says so. The row's total and grade follow each save.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { ApiError, call } from "../../utils/api_client.ts";
import type { ResponseOf } from "../../components/api.ts";
import { t } from "../../utils/i18n.ts";

type Sheet = ResponseOf<"GET /lists/{sectionId}">;
type SheetStudent = Sheet["students"][number];
/** What the page renders on the server: the list without its students (the grid reads them itself). */
export type SheetHead = Omit<Sheet, "students">;
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

/**
 * The grid's students and cells are read by the island itself (listGet) once the page is up: the page stays a
 * few kilobytes for a 300-student list, and the cells carry the versionstamps of the moment they are read.
 */
export function ListGrid({ head }: { head: SheetHead }) {
  const [announcement, setAnnouncement] = useState("");
  const [sheet, setSheet] = useState<Sheet | null>(null);
  const [failure, setFailure] = useState("");
  useEffect(() => {
    call("GET /lists/{sectionId}", { params: { sectionId: head.sectionId } }).then(
      setSheet,
      (e) => setFailure(e instanceof ApiError ? e.message : t("errors.unexpected")),
    );
  }, [head.sectionId]);
  return (
    <div class="space-y-2">
      <p class="text-xs text-gray-600" id="list-grid-help">{t("lists.grid.help")}</p>
      <div
        class="overflow-x-auto rounded-lg border border-gray-200 bg-white"
        role="region"
        tabIndex={0}
        aria-label={t("lists.grid.label", { course: head.course.name })}
      >
        <table class="lg min-w-full text-sm" id="list-grid" aria-describedby="list-grid-help">
          <thead class="bg-gray-50 text-xs text-gray-600">
            <tr>
              <th class="p-2 text-start">{t("lists.sheet.student")}</th>
              {head.components.map((c, col) => (
                <th key={c.id} class="p-2 text-center" id={`lh-${col}`}>
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
          <tbody aria-busy={sheet ? undefined : "true"}>
            {sheet
              ? sheet.students.map((student, r) => (
                <GridRow
                  key={student.studentId}
                  sheet={sheet}
                  student={student}
                  row={r}
                  announce={setAnnouncement}
                />
              ))
              : (
                <tr>
                  <td colSpan={head.components.length + 4} class="p-4 text-start text-gray-600">
                    {failure || t("common.loading")}
                  </td>
                </tr>
              )}
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
  const [result, setResult] = useState({ total: student.total, grade: student.grade, asOf: "" });
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
      // Saves of this row's cells may answer out of order: the total read latest wins.
      setResult((now) =>
        saved.asOf >= now.asOf ? { total: saved.total, grade: saved.grade, asOf: saved.asOf } : now
      );
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
        if (current) setResult((now) => ({ ...now, total: current.total, grade: current.grade }));
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

  // Named by its row's and column's headers (ids below and in ListGrid): a label per cell would be 1,800.
  const rowHead = `ls-${student.studentId}`;
  return (
    <tr class="border-t border-gray-100" data-student={student.studentId}>
      <th scope="row" id={rowHead}>
        {student.name}
        <small>{student.personalNumber}</small>
      </th>
      {cells.map((cell, col) => (
        <td key={col}>
          <input
            inputMode="decimal"
            autoComplete="off"
            size={5}
            disabled={!sheet.editable}
            data-grid-cell={`${row}:${col}`}
            data-state={cell.state === "idle" ? undefined : cell.state}
            aria-labelledby={`${rowHead} lh-${col}`}
            aria-invalid={cell.state === "failed" ? "true" : undefined}
            aria-describedby={cell.message ? `cell-${row}-${col}-msg` : undefined}
            // The draft is state: a re-render (another cell's save finishing) keeps what is being typed.
            value={cell.draft}
            onInput={(e) => update(col, { draft: (e.currentTarget as HTMLInputElement).value })}
            class="lc"
            onFocus={(e) => (e.currentTarget as HTMLInputElement).select()}
            onKeyDown={(e) => onKeyDown(e, col)}
            onBlur={(e) => save(col, e.currentTarget as HTMLInputElement)}
          />
          {cell.state !== "idle" && <CellMark cell={cell} />}
          {cell.message && (
            <div id={`cell-${row}-${col}-msg`} class="lmsg" data-cell-message>{cell.message}</div>
          )}
        </td>
      ))}
      <td data-total>{result.total}</td>
      <td data-grade>{result.grade}</td>
      <td data-absences>
        {student.absences}
        {student.overLimit && <span class="text-danger-700" title={t("lists.attendance.overLimit")}>⚠</span>}
      </td>
    </tr>
  );
}

/** The cell's save state beside it: … saving, ✓ saved, ! failed or changed by someone else (named below). */
function CellMark({ cell }: { cell: CellView }) {
  const text = cell.state === "saving"
    ? t("lists.grid.saving")
    : cell.state === "saved"
    ? t("lists.grid.saved")
    : t("lists.grid.failed", { message: "" });
  const mark = cell.state === "saving" ? "…" : cell.state === "saved" ? "✓" : "!";
  return (
    <span class="lm" title={text} data-cell-state={cell.state}>
      <span aria-hidden="true">{mark}</span>
      <span class="sr-only">{text}</span>
    </span>
  );
}
