/**
 * Every API operation, called as nobody and as every demo account: the server must allow or refuse exactly
 * as the operation's `x-permission` says for that account's keys, and answer exactly the status expected.
 * Bodies are empty and path ids are 1, so an allowed call stops at validation (422) or finds nothing and
 * changes nothing; a refused one never reaches validation (401 signed out, 403 without the key). A 500 fails.
 */
import { assert, assertEquals } from "./assert.ts";
import { ACCOUNTS, type DemoAccount, ORIGIN, seededApp, tokenFor } from "./helpers.ts";
import { DEMO_ACCOUNTS } from "../services/seed/accounts.ts";
import { findUserByEmail, permissionsOf } from "../services/identity/users.ts";
import { currentGroupOf, listGroups } from "../services/academic/semesters.ts";
import { groupSections } from "../services/registration/sections.ts";

const app = await seededApp();
const doc = await (await app.request("/api/openapi.json")).json();

interface Operation {
  method: string;
  path: string;
  operationId: string;
  permission: string;
  /** The statuses its OpenAPI responses list: every error the matrix meets must be one (issue 25, defect 11). */
  documented: Set<number>;
}

const operations: Operation[] = Object.entries(
  doc.paths as Record<string, Record<string, Record<string, string> & { responses: object }>>,
)
  .flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      operationId: op.operationId,
      permission: op["x-permission"],
      documented: new Set(Object.keys(op.responses).map(Number)),
    }))
  );

/**
 * What an allowed call answers: a GET 200, a write 422 (the empty body fails validation) — except these
 * operations, for the reason given beside each group.
 */
const ALLOWED_STATUS: Record<string, number> = {
  // Writes that need no body.
  notificationCountPost: 200,
  authLogout: 200,
  authRefreshPermissions: 200,
  inboxRead: 200,
  chancelleryCheck: 200,
  ruleStudentsClear: 200,
  studentQrLink: 200,
  studentQrRevoke: 200,
  // Id 1 names nothing of that kind in the demo data.
  conditionGroupRemove: 404,
  conditionRemove: 404,
  programRestrictionRemove: 404,
  bookProfessorRemove: 404,
  subLinkRemove: 404,
  deviceRevoke: 404,
  professorLog: 404,
  settingsGet: 404,
  syllabusRemove: 404,
  syllabusDownload: 404,
  messageAttachment: 404, // the demo announcements carry no attachment
  // Reads with a required query parameter, or a path value that 1 is not valid for.
  bookEligibility: 422,
  conditionLog: 422,
  chatFile: 422,
  translationList: 422,
  mailboxList: 422,
  registrationRoster: 422,
  registrationRosterExport: 422,
  roleWhoCan: 422,
  timetableEntryList: 422,
  voteResults: 422,
  applicationDocument: 422, // the document kind is identity or certificate
  diplomaEnclosureBatch: 422, // a graduation year from 1990
  // Student 1 has not graduated: a supplement is for graduates only.
  diplomaEnclosure: 409,
  // A section id is `<group>-<course>-<professor>`: 1 is not one.
  listGet: 422,
  listExport: 422,
  // The reports of one section need it named (`sectionId`).
  reportCourseGrades: 422,
  reportCourseGradesExport: 422,
  reportRosters: 422,
  reportRostersExport: 422,
  // Removals that name the version they were shown (a required versionstamp query).
  bookRemove: 422,
  subBookRemove: 422,
  componentTypeRemove: 422,
  // Refused because of what id 1 is: user 1 (the administrator, whose password no one resets), and a
  // professor statement for someone who is no professor.
  professorPasswordReset: 409,
  userPasswordReset: 409,
  professorStatementAccept: 409,
};

/** Where one account's answer differs from the operation's. */
const ACCOUNT_STATUS: Record<string, Partial<Record<DemoAccount, number>>> = {
  hrGet: { student: 404 }, // a student sees no one's personnel record but their own
  professorStatementAccept: { prof: 200 }, // the professor has a statement to accept
};

/** Keys that let a reader name any owner: the timetable's `all`; an editor also lists any lessons to edit. */
const TABLE_ANY = ["menu.table.all"];
const TABLE_ANY_LISTS = ["menu.table.all", "menu.table.edit"];

function expectedStatus(op: Operation, account: DemoAccount | null): number {
  const byAccount = account ? ACCOUNT_STATUS[op.operationId]?.[account] : undefined;
  return byAccount ?? ALLOWED_STATUS[op.operationId] ?? (op.method === "GET" ? 200 : 422);
}

// A syntactically valid value for each path parameter, so routing and the guard are what decide.
const concrete = (path: string) => path.replace(/\{sid\}/g, "A".repeat(43)).replace(/\{(\w+)\}/g, "1");

async function call(op: Operation, token: string | null) {
  const headers: Record<string, string> = { origin: ORIGIN };
  if (token) headers.authorization = `Bearer ${token}`;
  const write = op.method !== "GET";
  if (write) headers["content-type"] = "application/json";
  const res = await app.request(concrete(op.path), {
    method: op.method,
    headers,
    body: write ? "{}" : undefined,
  });
  await res.body?.cancel();
  assertDocumented(op, res.status);
  return res.status;
}

function assertDocumented(op: Operation, status: number) {
  if (status >= 400) assert(op.documented.has(status), `${op.operationId} answered ${status}, undocumented`);
}

Deno.test("permission matrix: every operation × every demo account", async (t) => {
  const keys = new Map<DemoAccount, ReadonlySet<string>>();
  for (const account of ACCOUNTS) {
    keys.set(account, await permissionsOf((await findUserByEmail(DEMO_ACCOUNTS[account].email))!));
  }

  for (const op of operations) {
    await t.step(`${op.operationId} (${op.permission})`, async () => {
      const anonymous = await call(op, null);
      const expected = op.permission === "public" ? expectedStatus(op, null) : 401;
      assertEquals(anonymous, expected, `anonymous got ${anonymous}, not ${expected}`);
      for (const account of ACCOUNTS) {
        const status = await call(op, await tokenFor(account));
        const allowed = op.permission === "public" || op.permission === "session" ||
          keys.get(account)!.has(op.permission);
        const expected = allowed ? expectedStatus(op, account) : 403;
        assertEquals(status, expected, `${account} got ${status}, not ${expected}`);
      }
    });
  }

  // Object level: a read that takes an owner's id (a professor, a room, a semester) answers an owner that is
  // not the caller's own only to holders of a key that grants any owner; everyone else gets 403, whatever filter.
  const week = ["2026-11-16", "2026-11-17"];
  const ownerReads: { name: string; method: string; path: string; body?: unknown; anyOwner: string[] }[] = [
    {
      name: "timetableEntryList by professor",
      method: "GET",
      path: "/api/timetable_entries?professorHrId=2",
    },
    { name: "timetableEntryList by semester", method: "GET", path: "/api/timetable_entries?groupId=11" },
    { name: "timetableEntryList by room", method: "GET", path: "/api/timetable_entries?auditoriumId=1" },
    {
      name: "professorTimetable of another professor",
      method: "POST",
      path: "/api/timetable/professor",
      body: { dates: week, groupId: 11, professorHrId: 2 },
    },
    {
      name: "professorTimetable of a room",
      method: "POST",
      path: "/api/timetable/professor",
      body: { dates: week, groupId: 11, auditoriumId: 1 },
    },
  ].map((read) => ({
    ...read,
    anyOwner: read.path.includes("timetable_entries") ? TABLE_ANY_LISTS : TABLE_ANY,
  }));
  for (const read of ownerReads) {
    await t.step(`owner's id: ${read.name}`, async () => {
      for (const account of ACCOUNTS) {
        const res = await app.request(read.path, {
          method: read.method,
          headers: {
            origin: ORIGIN,
            authorization: `Bearer ${await tokenFor(account)}`,
            ...(read.body ? { "content-type": "application/json" } : {}),
          },
          body: read.body ? JSON.stringify(read.body) : undefined,
        });
        await res.body?.cancel();
        assertDocumented(operations.find((op) => op.operationId === read.name.split(" ")[0])!, res.status);
        const expected = read.anyOwner.some((key) => keys.get(account)!.has(key)) ? 200 : 403;
        assertEquals(res.status, expected, `${account} got ${res.status}, not ${expected}`);
      }
    });
  }

  // Object level beyond the timetable: every other operation whose path, query or body names a student, a
  // professor, a room or a section, called with someone else's id (audited in issue 25). Those gated by a staff
  // key alone (students, holds, eligibility, rosters) are refused by the guard above; these decide by owner.
  const REGISTRATION_KEY = "menu.learningProcesses.registration";
  const LISTS_KEY = "menu.learningProcesses.lists";
  // A section the demo professor (personnel record 4) does not teach.
  const notProfs = (await groupSections(currentGroupOf(await listGroups())!.id)).list
    .find((s) => s.professorHrId !== 4)!.id;
  const ownerChecks: {
    name: string;
    method: string;
    path: string;
    body?: unknown;
    expected: (has: (key: string) => boolean) => number;
  }[] = [
    {
      // An HR record (a professor's) is anyone's to read with menu.hr, otherwise only its own person's.
      name: "hrGet of another person's record",
      method: "GET",
      path: "/api/hr/1",
      expected: (has) => has("menu.hr") ? 200 : 404,
    },
    {
      // A student registers only themselves; registrar staff for anyone (section 1-1-1 does not exist: 404).
      name: "registrationAdd for another student",
      method: "POST",
      path: "/api/registrations",
      body: { sectionId: "1-1-1", studentId: 2 },
      expected: (has) => !has(REGISTRATION_KEY) || !has(`${REGISTRATION_KEY}.manage`) ? 403 : 404,
    },
    {
      // A student drops only their own registrations (the id starts with the student's): staff anyone's.
      name: "registrationDrop of another student's registration",
      method: "POST",
      path: "/api/registrations/2-1-1-1/drop",
      body: {},
      expected: (has) => !has(REGISTRATION_KEY) || !has(`${REGISTRATION_KEY}.manage`) ? 403 : 404,
    },
    {
      // The demo student may check eligibility for no one: the key is the registrar's.
      name: "bookEligibility of another student",
      method: "GET",
      path: "/api/book_conditions/1/eligibility?studentId=2",
      expected: (has) => has("menu.learningProcesses.learningCourses.conditions") ? 200 : 403,
    },
    {
      // A professor reads only the lists of their own sections; the lists' `all` key reads any.
      name: "listGet of another professor's section",
      method: "GET",
      path: `/api/lists/${notProfs}`,
      expected: (has) => has(LISTS_KEY) && has(`${LISTS_KEY}.all`) ? 200 : 403,
    },
    {
      // Points are only the section's professor's to give: staff who read every list write none.
      name: "listPointsSet in another professor's section",
      method: "PUT",
      path: `/api/lists/${notProfs}/points`,
      body: { studentId: 1, componentId: 1, points: 1, versionstamp: null },
      expected: () => 403,
    },
    {
      name: "holdList of another student",
      method: "GET",
      path: "/api/holds?studentId=2",
      expected: (has) => has("menu.learningProcesses.registration.holds") ? 200 : 403,
    },
    {
      name: "studentGet of another student",
      method: "GET",
      path: "/api/students/2",
      expected: (has) => has("menu.students") ? 200 : 403,
    },
  ];
  for (const check of ownerChecks) {
    await t.step(`owner's id: ${check.name}`, async () => {
      for (const account of ACCOUNTS) {
        const res = await app.request(check.path, {
          method: check.method,
          headers: {
            origin: ORIGIN,
            authorization: `Bearer ${await tokenFor(account)}`,
            ...(check.body ? { "content-type": "application/json" } : {}),
          },
          body: check.body ? JSON.stringify(check.body) : undefined,
        });
        await res.body?.cancel();
        assertDocumented(operations.find((op) => op.operationId === check.name.split(" ")[0])!, res.status);
        const expected = check.expected((key) => keys.get(account)!.has(key));
        assertEquals(res.status, expected, `${account} got ${res.status}, not ${expected}`);
      }
    });
  }

  await t.step("the matrix covers keys that some accounts lack", () => {
    // Guards against a matrix that passes only because everything is public or session-wide.
    const keyed = operations.filter((op) => op.permission !== "public" && op.permission !== "session");
    const everyoneAllowed = keyed.every((op) => ACCOUNTS.every((a) => keys.get(a)!.has(op.permission)));
    assertEquals(keyed.length === 0 || !everyoneAllowed, true);
  });
});
