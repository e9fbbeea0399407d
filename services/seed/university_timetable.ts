/**
 * The weekly timetables of the demo university, filled into a grid of weekday × time slot × room so that no
 * professor and no room is ever booked twice at once (the rule the timetable API enforces on every write).
 * Each professor teaches a few of the courses their school offers that semester, each as a lecture and one or
 * two seminars (or one combined lesson).
 */
import type { LessonType, TimetableEntry } from "../academic/model.ts";
import type { Random } from "./random.ts";
import { shuffle } from "./sampling.ts";
import type { UniversitySize } from "./university_sizes.ts";
import type { Structure } from "./university_structure.ts";

/** Lessons start at these times and last at most 90 minutes, with a break of 10 before the next slot. */
export const SLOTS: readonly (readonly [number, number])[] = [
  [9, 0],
  [10, 40],
  [12, 20],
  [14, 0],
  [15, 40],
  [17, 20],
  [19, 0],
];
const WEEKDAYS = 6;
const CELLS = WEEKDAYS * SLOTS.length;
/** Rooms with at least this many seats are lecture halls; seminars prefer the smaller ones. */
const LECTURE_ROOM = 60;

export interface TimetableInput {
  structure: Structure;
  professorsBySchool: Map<number, number[]>;
  /** Taught first, by the first professor listed for its school (the demo student's program, the demo
   * professor) in the current semester. */
  featured: { schoolId: number; professorHrId: number; bookIds: number[] };
}

export function buildTimetable(
  size: UniversitySize,
  input: TimetableInput,
  random: Random,
): TimetableEntry[] {
  const { structure } = input;
  const entries: TimetableEntry[] = [];
  const last = structure.currentGroupId;
  for (let groupId = last - size.timetableSemesters + 1; groupId <= last; groupId++) {
    const featured = groupId === last ? input.featured : null;
    const grid = new Grid(structure, random);
    for (const [schoolId, professors] of input.professorsBySchool) {
      const offered = offeredCourses(structure, schoolId, groupId);
      if (!offered.length) continue;
      const first = featured?.schoolId === schoolId ? featured : null;
      const queue = [
        ...(first?.bookIds ?? []),
        ...shuffle(random, offered.filter((id) => !first?.bookIds.includes(id))),
      ];
      let next = 0;
      const order = first
        ? [first.professorHrId, ...professors.filter((p) => p !== first.professorHrId)]
        : professors;
      for (const professorHrId of order) {
        const count = random.int(size.coursesPerProfessor[0], size.coursesPerProfessor[1]);
        const mine = new Set<number>();
        // Once every offered course has a teacher, the next professors teach further sections of them.
        for (let tries = 0; mine.size < count && tries < count * 3; tries++) {
          const bookId = queue[next++ % queue.length];
          if (mine.has(bookId)) continue;
          mine.add(bookId);
          for (const [type, duration] of lessonsOf(random)) {
            const placed = grid.place(professorHrId, type);
            if (!placed) continue; // this professor's week (or every room) is full at their free times
            entries.push({
              id: entries.length + 1,
              bookId,
              professorHrId,
              groupId,
              weekday: placed.weekday,
              hour: SLOTS[placed.slot][0],
              minute: SLOTS[placed.slot][1],
              duration,
              type,
              auditoriumId: placed.auditoriumId,
            });
          }
        }
      }
    }
  }
  return entries;
}

/** The active courses a school's programs teach in the group's season (autumn: semesters 1, 3, 5, …). */
function offeredCourses(structure: Structure, schoolId: number, groupId: number): number[] {
  const autumn = groupId % 2 === 1;
  const ids = new Set<number>();
  for (const program of structure.programs) {
    if (program.schoolId !== schoolId || program.status !== "active") continue;
    const semesters = structure.curricula.get(program.id) ?? [];
    semesters.forEach((courses, s) => {
      if ((s % 2 === 0) !== autumn) return;
      for (const id of courses) {
        const book = structure.books[id - 1];
        if (book.status === "active" && !book.nashromi_praqtika_type) ids.add(id);
      }
    });
  }
  // Language courses are taught by the first school's staff (the humanities, when there is one).
  const host = structure.schools.find((s) => s.code === "HUM") ?? structure.schools[0];
  if (host.id === schoolId && autumn) { for (const track of structure.languageTracks) ids.add(track[0]); }
  if (host.id === schoolId && !autumn) {
    for (const track of structure.languageTracks) {
      track.slice(1).forEach((id) => ids.add(id));
    }
  }
  return [...ids];
}

function lessonsOf(random: Random): [LessonType, number][] {
  const roll = random.next();
  if (roll < 0.2) return [["both", 90]];
  const seminar: [LessonType, number] = ["seminar", random.next() < 0.5 ? 60 : 90];
  return roll < 0.7 ? [["lecture", 90], seminar] : [["lecture", 90], seminar, ["seminar", seminar[1]]];
}

/** Who and what is booked in each cell (weekday × slot) of one semester's week. */
class Grid {
  #busy = new Map<number, Uint8Array>();
  /** Free rooms of each cell: lecture halls and classrooms, in a shuffled order. */
  #halls: number[][];
  #rooms: number[][];
  #random: Random;

  constructor(structure: Structure, random: Random) {
    this.#random = random;
    const halls = structure.auditoriums.filter((a) => a.capacity >= LECTURE_ROOM).map((a) => a.id);
    const rooms = structure.auditoriums.filter((a) => a.capacity < LECTURE_ROOM).map((a) => a.id);
    this.#halls = Array.from({ length: CELLS }, () => shuffle(random, [...halls]));
    this.#rooms = Array.from({ length: CELLS }, () => shuffle(random, [...rooms]));
  }

  /** Books a free cell for the professor with a free room of the right size, or returns null. */
  place(
    professorHrId: number,
    type: LessonType,
  ): { weekday: TimetableEntry["weekday"]; slot: number; auditoriumId: number } | null {
    let busy = this.#busy.get(professorHrId);
    if (!busy) this.#busy.set(professorHrId, busy = new Uint8Array(CELLS));
    // Walk the week from a random cell with a stride coprime with its 42 cells, so every cell is tried once.
    const start = this.#random.int(0, CELLS - 1);
    for (let k = 0; k < CELLS; k++) {
      const cell = (start + k * 11) % CELLS;
      if (busy[cell]) continue;
      const [preferred, other] = type === "seminar" ? [this.#rooms, this.#halls] : [this.#halls, this.#rooms];
      const room = preferred[cell].pop() ?? other[cell].pop();
      if (room === undefined) continue;
      busy[cell] = 1;
      return {
        weekday: (Math.floor(cell / SLOTS.length) + 1) as TimetableEntry["weekday"],
        slot: cell % SLOTS.length,
        auditoriumId: room,
      };
    }
    return null;
  }
}
