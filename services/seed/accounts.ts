/**
 * The demo accounts every install has (listed in the README) and the roles behind them. Passwords are the
 * documented demo ones, stored as argon2id hashes like any other.
 */
import { hashPassword } from "../identity/passwords.ts";
import { keysUnder } from "../identity/permission_catalogue.ts";
import { createRole } from "../identity/roles.ts";
import { createUser, type NewUser } from "../identity/users.ts";
import { seedDecision, setPhone } from "../notifications/consent.ts";
import type { SeedPart } from "./mod.ts";

export const DEMO_ACCOUNTS = {
  admin: { email: "admin@uni.test", password: "Admin-Demo-2026" },
  staff: { email: "staff@uni.test", password: "Staff-Demo-2026" },
  limited: { email: "limited@uni.test", password: "Limited-Demo-2026" },
  prof: { email: "prof@uni.test", password: "Prof-Demo-2026" },
  student: { email: "student@uni.test", password: "Student-Demo-2026" },
} as const;

/** Phones on file (`["user_phones", userId]`): the professor's makes consent need an SMS code. */
const DEMO_PHONES: Record<string, string> = {
  [DEMO_ACCOUNTS.prof.email]: "+995555000004",
  [DEMO_ACCOUNTS.student.email]: "+995555000005",
};

const REGISTRAR_KEYS = [
  ...keysUnder("menu.learningProcesses.learningCourses"),
  ...keysUnder("menu.table"),
  ...keysUnder("menu.students"),
  ...keysUnder("menu.admissions"),
  "menu.diplomaEnclosures",
  "menu.learningProcesses.mobilityBooks",
  "menu.hr",
  "menu.hr.calendar",
  "menu.learningProcesses",
  "menu.learningProcesses.structure",
  "menu.learningProcesses.structure.add",
  "menu.learningProcesses.structure.edit",
  "menu.learningProcesses.structure.remove",
  ...keysUnder("menu.learningProcesses.lists"),
  ...keysUnder("menu.learningProcesses.registration"),
  // Polls and SMS to students and staff (issue 26).
  ...keysUnder("menu.contact"),
  // The registrar also keeps the students' accounts (issue 21: tuition, payments, statements, debtors).
  ...keysUnder("menu.finances"),
  // A registrar works with students' personal numbers, birth dates and phones (and staff phones).
  ...keysUnder("menu.personalInfo"),
  // The standard reports (rosters, enrolment, debtors…): each report still asks for its own key, which the
  // registrar holds through the lines above. The analytics dashboard stays with the rector's office (admin).
  "menu.reporting",
  "menu.reporting.reports",
];

export const accountsSeed: SeedPart = {
  name: "accounts",
  async run() {
    const registrar = await createRole("რეგისტრატორი", REGISTRAR_KEYS, null);
    const viewer = await createRole("კურსების ნახვა", [
      "menu.hr",
      "menu.hr.calendar",
      "menu.learningProcesses",
      "menu.learningProcesses.learningCourses",
    ], null);
    const professor = await createRole("პროფესორი", [
      "menu.hr",
      "menu.hr.calendar",
      "menu.learningProcesses",
      "menu.learningProcesses.lists",
      "menu.table",
      "menu.electronicFiles",
    ], null);
    const student = await createRole("სტუდენტი", [
      "menu.table",
      "menu.learningProcesses",
      "menu.learningProcesses.registration",
      "menu.learningProcesses.grades",
    ], null);

    const base = { image: null, studentId: null, linkedAccountIds: [], disabled: false };
    const people: (Omit<NewUser, "passwordHash"> & { password: string })[] = [
      {
        ...base,
        ...DEMO_ACCOUNTS.admin,
        guard: "custom",
        chatType: "user",
        name: "ადმინისტრატორი",
        nameEn: "Administrator",
        hrUserId: 1,
        roleIds: [],
      },
      {
        ...base,
        ...DEMO_ACCOUNTS.staff,
        guard: "custom",
        chatType: "user",
        name: "მარიამ კაპანაძე",
        nameEn: "Mariam Kapanadze",
        hrUserId: 2,
        roleIds: [registrar.id],
      },
      // The professor's own administrative account: the two are linked for the account switcher.
      {
        ...base,
        ...DEMO_ACCOUNTS.limited,
        guard: "custom",
        chatType: "user",
        name: "ნინო ბერიძე (ადმინისტრაცია)",
        nameEn: "Nino Beridze (administration)",
        hrUserId: 3,
        roleIds: [viewer.id],
        linkedAccountIds: [4],
      },
      {
        ...base,
        ...DEMO_ACCOUNTS.prof,
        guard: "prof",
        chatType: "prof",
        name: "ნინო ბერიძე",
        nameEn: "Nino Beridze",
        hrUserId: 4,
        roleIds: [professor.id],
        linkedAccountIds: [3],
      },
      {
        ...base,
        ...DEMO_ACCOUNTS.student,
        guard: "user",
        chatType: "student",
        name: "ლუკა მამულაშვილი",
        nameEn: "Luka Mamulashvili",
        hrUserId: null,
        roleIds: [student.id],
      },
    ];
    for (const { password, ...person } of people) {
      const user = await createUser({ ...person, passwordHash: await hashPassword(password) }, null);
      // The demo people have answered the consent dialog already, so it does not block the tours and tests;
      // the professor's and the student's phones make the SMS step reachable (tests/e2e/consent_test.ts).
      await seedDecision(user.id);
      const phone = DEMO_PHONES[user.email];
      if (phone) await setPhone(user.id, phone);
    }
  },
};
