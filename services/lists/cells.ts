/**
 * Saving one cell of a list (listPointsSet). The caller names the versionstamp the cell was shown at (null for
 * a cell never saved); if anyone saved the cell since, the write is refused with 409 `stale_cell` and the
 * message names the value that is there now, so no change is ever lost silently. The atomic also checks the
 * list's status (no write lands in a submitted list) and the student's roster entry (nor for a dropped student).
 * Points may be cleared (null). Each save writes its audit entry in the same atomic.
 *
 * One read round trip before the commit: the list, the cell, the roster entry and the course's components (books/
 * components.ts's value, read here by its key so that it comes in the same getMany and is checked too: a
 * component removed meanwhile refuses the save); after it, the student's cells for the total.
 */
import type { BookComponent } from "../books/components.ts";
import { addAudit } from "../db/audit_log.ts";
import { db } from "../db/kv.ts";
import { RETRY, untilCommitted } from "../db/retry.ts";
import { keys as registrationKeys } from "../registration/model.ts";
import { getSection } from "../registration/sections.ts";
import { assertCanWrite, type ListActor } from "./access.ts";
import { pointsProblem, resultOf } from "./grading.ts";
import { AUDIT, type Cell, keys, type ListRecord } from "./model.ts";
import { assertOpen } from "./status.ts";
import { AppError, invalid } from "../../utils/errors.ts";

export interface CellInput {
  sectionId: string;
  studentId: number;
  componentId: number;
  /** null clears the cell. */
  points: number | null;
  versionstamp: string | null;
}

export interface SavedCell {
  points: number | null;
  versionstamp: string | null;
  /** The student's total and grade after the save. */
  total: number;
  grade: string;
  /** The newest versionstamp among the cells the total was computed from. */
  asOf: string;
}

const staleCell = (current: number | null) =>
  new AppError(409, "stale_cell", "lists.errors.stale", {
    params: { points: current === null ? "—" : current },
    fields: { points: { key: "lists.errors.stale", params: { points: current === null ? "—" : current } } },
  });

export async function setPoints(input: CellInput, actor: ListActor): Promise<SavedCell> {
  const section = await getSection(input.sectionId);
  assertCanWrite(actor, section);
  const cellKey = keys.cell(section.id, input.studentId, input.componentId);
  return await untilCommitted(async () => {
    const [list, cell, onRoster, doc] = await db().getMany<
      [ListRecord, Cell, string, { items: BookComponent[] }]
    >([
      keys.list(section.id),
      cellKey,
      registrationKeys.rosterEntry(section.id, input.studentId),
      ["book_components", section.bookId],
    ]);
    const components = doc.value?.items ?? [];
    const component = components.find((c) => c.id === input.componentId);
    if (!component) throw invalid({ componentId: { key: "lists.errors.unknownComponent" } });
    if (input.points !== null) {
      const problem = pointsProblem(input.points, component.weight);
      if (problem) throw invalid({ points: problem });
    }
    if (onRoster.versionstamp === null) throw invalid({ studentId: { key: "lists.errors.notOnRoster" } });
    assertOpen(list);
    if (cell.versionstamp !== input.versionstamp) throw staleCell(cell.value?.points ?? null);
    const atomic = db().atomic().check(list).check(cell).check(onRoster).check(doc);
    if (input.points === null) atomic.delete(cellKey);
    else {atomic.set(
        cellKey,
        { points: input.points, at: new Date().toISOString(), by: actor.userId } as Cell,
      );}
    addAudit(atomic, {
      entity: AUDIT.list,
      entityId: section.id,
      actor: actor.userId,
      action: "points",
      before: {
        studentId: input.studentId,
        componentId: input.componentId,
        points: cell.value?.points ?? null,
      },
      after: { studentId: input.studentId, componentId: input.componentId, points: input.points },
    });
    const result = await atomic.commit();
    if (!result.ok) return RETRY;
    // The student's cells read after the commit, and the newest versionstamp among them: of two saves of the
    // same student's cells answering out of order, the grid keeps the total read latest (`asOf`).
    const cells = await Array.fromAsync(
      db().list<Cell>({ prefix: [...keys.cells(section.id), input.studentId] }),
    );
    const points = new Map(cells.map((e) => [e.key[3] as number, e.value.points]));
    const asOf = cells.reduce((max, e) => (e.versionstamp > max ? e.versionstamp : max), result.versionstamp);
    const { total, grade } = resultOf(components, points);
    return {
      points: input.points,
      versionstamp: input.points === null ? null : result.versionstamp,
      total,
      grade,
      asOf,
    };
  });
}
