/**
 * Demo polls: one open for the demo student's program (the poll alert leads to it), one closed with the demo
 * accounts' answers (the dashboard has results to show), one draft for staff to edit.
 */
import { answerPoll } from "../polls/answers.ts";
import type { PollInput } from "../polls/model.ts";
import { closePoll, createPoll, openPoll } from "../polls/store.ts";
import { findUserByEmail, type User } from "../identity/users.ts";
import { getStudent } from "../students/mod.ts";
import { DEMO_ACCOUNTS } from "./accounts.ts";
import type { SeedPart } from "./mod.ts";

const DAY = 24 * 3600_000;
const iso = (ms: number) => new Date(ms).toISOString();

const satisfaction = (programId: number, now: number): PollInput => ({
  title: "სწავლის პირობებით კმაყოფილება",
  titleEn: "Satisfaction with study conditions",
  description: "",
  questions: [
    {
      kind: "scale",
      text: "რამდენად კმაყოფილი ხართ სასწავლო პროცესით?",
      textEn: "How satisfied are you with the teaching?",
      required: true,
      options: [],
    },
    {
      kind: "single",
      text: "რამდენად ხშირად სარგებლობთ ბიბლიოთეკით?",
      textEn: "How often do you use the library?",
      required: true,
      options: [
        { text: "ყოველდღე", textEn: "Every day" },
        { text: "კვირაში ერთხელ", textEn: "Once a week" },
        { text: "იშვიათად", textEn: "Rarely" },
      ],
    },
    {
      kind: "multiple",
      text: "რომელი სერვისები გსურთ გაუმჯობესდეს?",
      textEn: "Which services should improve?",
      required: false,
      options: [
        { text: "კვება", textEn: "Catering" },
        { text: "სპორტი", textEn: "Sports" },
        { text: "Wi-Fi", textEn: "Wi-Fi" },
      ],
    },
    {
      kind: "text",
      text: "სხვა შენიშვნები",
      textEn: "Other remarks",
      required: false,
      options: [],
    },
  ],
  audience: {
    guards: [],
    schoolIds: [],
    programIds: [programId],
    admissionYears: [],
    sectionIds: [],
    userIds: [],
  },
  opensAt: iso(now - 2 * DAY),
  closesAt: iso(now + 30 * DAY),
  anonymous: false,
  editable: true,
});

const library = (now: number): PollInput => ({
  title: "ბიბლიოთეკის მომსახურების შეფასება",
  titleEn: "Library services survey",
  description: "",
  questions: [
    {
      kind: "scale",
      text: "შეაფასეთ ბიბლიოთეკის მომსახურება",
      textEn: "Rate the library's service",
      required: true,
      options: [],
    },
    {
      kind: "text",
      text: "რა უნდა შეიცვალოს?",
      textEn: "What should change?",
      required: false,
      options: [],
    },
  ],
  audience: {
    guards: ["user", "prof", "custom"],
    schoolIds: [],
    programIds: [],
    admissionYears: [],
    sectionIds: [],
    userIds: [],
  },
  opensAt: iso(now - 40 * DAY),
  closesAt: iso(now - 10 * DAY),
  anonymous: true,
  editable: false,
});

export const pollsSeed: SeedPart = {
  name: "polls",
  async run() {
    const now = Date.now();
    const people = new Map<string, User>();
    for (const [name, account] of Object.entries(DEMO_ACCOUNTS)) {
      const user = await findUserByEmail(account.email);
      if (user) people.set(name, user);
    }
    const student = people.get("student");
    const studentRecord = student?.studentId ? await getStudent(student.studentId) : null;

    // Closed, with answers given while it was open.
    const closed = await createPoll(library(now), null);
    await openPoll(closed.id, null, undefined, { notify: false });
    const remarks = ["მეტი ახალი წიგნი", "", "უფრო გრძელი სამუშაო საათები", "", ""];
    let i = 0;
    for (const user of people.values()) {
      const answers = { q1: (i % 5) + 1, ...(remarks[i] ? { q2: remarks[i] } : {}) };
      await answerPoll(closed.id, user, answers, now - 20 * DAY).catch(() => {});
      i++;
    }
    await closePoll(closed.id, null);

    // Open for the demo student's program: the alert's poll.
    if (studentRecord) {
      const open = await createPoll(satisfaction(studentRecord.value.programId, now), null);
      await openPoll(open.id, null, undefined, { notify: false });
    }

    // A draft the staff can still edit.
    const draft = library(now);
    await createPoll({
      ...draft,
      title: "სტუდენტური ღონისძიებების კვლევა",
      titleEn: "Student events survey",
      audience: { ...draft.audience, guards: ["user"] },
      opensAt: iso(now + DAY),
      closesAt: iso(now + 20 * DAY),
    }, null);
  },
};
