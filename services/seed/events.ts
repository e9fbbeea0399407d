/** Demo events this month (around the calendar clock's today): for everyone, for one program, for staff. */
import { now } from "../academic/clock.ts";
import { createEvent } from "../calendar/events.ts";
import { EMPTY_AUDIENCE } from "../polls/model.ts";
import { findUserByEmail } from "../identity/users.ts";
import { getStudent } from "../students/mod.ts";
import { addDays, localNow } from "../timetable/week.ts";
import { DEMO_ACCOUNTS } from "./accounts.ts";
import type { SeedPart } from "./mod.ts";

/** An instant on a university date at a local hour (UTC+4). */
const at = (date: string, hour: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + (hour - 4) * 3_600_000).toISOString();

export const eventsSeed: SeedPart = {
  name: "events",
  async run() {
    const today = localNow(now()).date;
    const student = await findUserByEmail(DEMO_ACCOUNTS.student.email);
    const record = student?.studentId ? await getStudent(student.studentId) : null;
    const everyone = EMPTY_AUDIENCE;
    const events = [
      {
        title: "სტუდენტური სამეცნიერო კონფერენცია",
        titleEn: "Student research conference",
        description: "მოხსენებები და პოსტერები ყველა სკოლიდან.",
        place: "სააქტო დარბაზი",
        start: at(today, 11),
        end: at(today, 15),
        audience: everyone,
      },
      {
        title: "კარიერის დღე",
        titleEn: "Career day",
        description: "დამსაქმებლები და სტაჟირებები.",
        place: "ფოიე, I სართული",
        start: at(addDays(today, 3), 10),
        end: at(addDays(today, 3), 17),
        audience: everyone,
      },
      {
        title: "პროგრამის შეხვედრა სტუდენტებთან",
        titleEn: "Program meeting with students",
        description: "",
        place: "აუდიტორია 204",
        start: at(addDays(today, 1), 16),
        end: at(addDays(today, 1), 17),
        audience: record ? { ...EMPTY_AUDIENCE, programIds: [record.value.programId] } : everyone,
      },
      {
        title: "აკადემიური საბჭოს სხდომა",
        titleEn: "Academic council meeting",
        description: "",
        place: "სხდომათა დარბაზი",
        start: at(addDays(today, 2), 12),
        end: at(addDays(today, 2), 14),
        audience: { ...EMPTY_AUDIENCE, guards: ["prof" as const, "custom" as const] },
      },
      {
        title: "ზამთრის არდადეგების წინა კონცერტი",
        titleEn: "Winter concert",
        description: "",
        place: "ბაღი",
        start: at(addDays(today, -4), 18),
        end: at(addDays(today, -4), 20),
        audience: everyone,
      },
    ];
    for (const e of events) await createEvent(e, null);
  },
};
