/**
 * What the generated OpenAPI document cannot know from one route: the areas its operations are grouped in
 * (a tag per area, from the path), the fields the server owns (framework/server_owned.ts: `readOnly`, accepted
 * and ignored on writes), the two ways to sign in (security schemes), the server, and what each
 * parameter means (described once here by name, so the same name means the same thing everywhere). A
 * parameter whose name is not described here keeps its schema's own description; tests/openapi_lint_test.ts
 * fails on one that has neither, and on an operation outside every area.
 */
import { publishServerOwned, serverOwnedFields } from "../framework/server_owned.ts";
import { sharedSocketSchemas } from "./asyncapi_document.ts";
import { SESSION_COOKIE } from "./session_cookie.ts";

/** Areas by their path's first segment under /api (or outside it). */
const AREAS: Record<string, { tag: string; segments: string[] }> = {
  "Sign-in and account": { tag: "account", segments: ["auth", "devices", "preferences"] },
  "Users, roles and permissions": {
    tag: "permissions",
    segments: ["users", "roles", "menu", "auth_params", "jobs", "settings"],
  },
  "University structure: schools, programs, rooms": {
    tag: "structure",
    segments: ["schools", "programs", "auditoriums"],
  },
  "Student registry": { tag: "students", segments: ["students"] },
  "Personnel and professors": { tag: "hr", segments: ["hr", "professors"] },
  "Courses, their components, conditions, professors and syllabuses": {
    tag: "books",
    segments: [
      "books",
      "sub_books",
      "book_components",
      "book_conditions",
      "book_log",
      "book_professors",
      "syllabuses",
      "rule_students",
    ],
  },
  "Timetable": { tag: "timetable", segments: ["timetable", "timetable_entries"] },
  "Academic registration: windows, offerings, registrations, rosters, holds": {
    tag: "registration",
    segments: [
      "registrations",
      "registration_groups",
      "registration_offerings",
      "registration_rosters",
      "registration_windows",
      "holds",
    ],
  },
  "Course lists, grades and component types": {
    tag: "lists",
    segments: ["lists", "grades", "component_types"],
  },
  "Finances: parameters, ledgers, entries, bank-statement imports, reports": {
    tag: "finances",
    segments: [
      "finance_params",
      "finance_students",
      "finance_entries",
      "finance_imports",
      "finance_reports",
      "finance_discounts",
    ],
  },
  "Admissions and the student lifecycle: applications, status changes, alumni, diploma supplements": {
    tag: "admissions",
    segments: ["applications", "student_status", "diploma_enclosures", "mobility"],
  },
  "Votes and evaluations": { tag: "votes", segments: ["votes"] },
  "Reports: the catalogue of standard reports, previews and .xlsx exports": {
    tag: "reports",
    segments: ["reports"],
  },
  "Analytics: the dashboard's figures, students by citizenship": {
    tag: "analytics",
    segments: ["analytics"],
  },
  "Notifications, mailbox, consents and the shell's live counters": {
    tag: "notifications",
    segments: ["notifications", "mailbox", "consent", "user", "event"],
  },
  "The shell: zoom, observing, statements": { tag: "shell", segments: ["shell"] },
  "Languages and translations": { tag: "languages", segments: ["languages"] },
  "Chat: uploads, files and the event log": { tag: "chat", segments: ["chat"] },
  "System: health and readiness": { tag: "system", segments: ["system"] },
  "Communication: polls, SMS, events, calendars": {
    tag: "communication",
    segments: ["polls", "sms", "events", "calendar", "messages"],
  },
};

const TAG_OF_SEGMENT = new Map(
  Object.values(AREAS).flatMap(({ tag, segments }) => segments.map((s) => [s, tag] as const)),
);

export const areaOf = (path: string): string | undefined =>
  TAG_OF_SEGMENT.get(path.replace(/^\/api\//, "/").split("/")[1]);

/** Parameter meanings by name; `segment:name` where one name means different things in different areas. */
const PARAMETERS: Record<string, string> = {
  id: "The id of the record the path names.",
  bookId: "A course's id.",
  subBookId: "A course component's (sub-course's) id.",
  "book_conditions:groupId": "A condition group's id within the course.",
  groupId: "A student group's id.",
  memberId: "A condition group member's id.",
  entryId: "A ledger entry's id (finances).",
  programId: "An educational program's id.",
  roomId: "A chat room's id.",
  studentId: "A student's id.",
  holdId: "A registration hold's id.",
  professorHrId: "A professor's personnel (HR) id.",
  auditoriumId: "A room's (auditorium's) id.",
  schoolId: "A school's id.",
  chatId: "The chat room the upload is for.",
  box: "Which mailbox: `inbox` or `sent`.",
  code: "A language's two-letter code.",
  filename: "A stored chat file's name.",
  name: "A name: the setting's, or the file's being uploaded.",
  sid: "A session's id (the device to sign out).",
  page: "Page number, from 1.",
  limit: "Rows per page.",
  offset: "Byte offset of this chunk within the upload.",
  size: "The whole upload's size in bytes.",
  uploadId: "The upload this chunk belongs to (absent for the first chunk).",
  text: "Free text to search for.",
  q: "Free text to search for.",
  versionstamp: "The versionstamp the record was read at: a stale one answers 409.",
  status: "Only records with this status.",
  type: "Only records (or events) of this type.",
  kind: "Which personnel: academic or administrative.",
  "finance_entries:kind": "Only ledger entries of this kind.",
  "finance_reports:kind": "Which report: debtors as of a date, or a period's entries by group.",
  credit: "Only courses with this many credits.",
  level: "Only programs of this level.",
  lang: "Only courses taught in this language.",
  langCode: "Only courses with this language code.",
  conditions: "Only courses with (or without) conditions.",
  components: "Only courses with (or without) components.",
  names: "Which columns the export has, by name.",
  admissionYear: "Only students admitted in this year.",
  actor: "Only events by this user's id.",
  after: "Only events after this sequence number.",
  agreed: "Only decisions that agreed (true) or refused (false).",
  version: "Only decisions on this version of the text.",
  key: "A permission key: who holds it.",
  missing: "Only keys without a translation.",
  side: "Which translations: the server's or the browser's.",
  unread: "Only unread notifications.",
};

/** How a client uses the API (README "API clients" says the same), shown at the top of /api/docs. */
const CLIENTS = `## API clients

**Sign in** with \`POST /api/auth/login\` (authLogin) and send the token it answers as
\`Authorization: Bearer <token>\`. A browser's session cookie works too; a write with it must carry this site's
\`Origin\` (else 403 \`csrf\`). A body needs its \`Content-Type\`; a request without a body needs none.

**Errors** have one shape, \`{ "error": { "code", "message", "fields"? } }\`, with the statuses each operation
lists: 422 \`invalid\` names each failing field, 409 is a conflict, 429 comes with \`Retry-After\`. Messages
follow the \`lang\` cookie, else \`Accept-Language\`, else Georgian (\`Content-Language\` says which).

**Versions.** Records carry a \`versionstamp\`; an edit or a removal sends it back and answers 409 if the
record changed meanwhile. A record read may be sent back whole: the fields the server owns are \`readOnly\`,
accepted and ignored.

**Paging.** Lists take \`page\` (from 1) and \`limit\` and answer \`{ data, total }\`.

**WebSockets.** The chat (\`/ws/chat\`) and the user channel (\`/ws/user\`) are described in
[/api/asyncapi.json](/api/asyncapi.json), shown at [/api/docs/asyncapi](/api/docs/asyncapi).`;

type Operation = {
  tags?: string[];
  parameters?: { name: string; in: string; description?: string }[];
};
// deno-lint-ignore no-explicit-any
type Document = Record<string, any>;

/** The generated document with tags, security schemes, server and parameter descriptions added. */
export function completeDocument(doc: Document): Document {
  for (const [path, operations] of Object.entries(doc.paths ?? {}) as [string, Record<string, Operation>][]) {
    const segment = path.replace(/^\/api\//, "/").split("/")[1];
    const tag = areaOf(path);
    for (const operation of Object.values(operations)) {
      if (tag) operation.tags = [tag];
      for (const parameter of operation.parameters ?? []) {
        parameter.description ??= PARAMETERS[`${segment}:${parameter.name}`] ?? PARAMETERS[parameter.name];
      }
    }
  }
  nullableRefs(doc);
  publishServerOwned(doc, serverOwnedFields(doc));
  return {
    ...doc,
    info: { ...doc.info, description: [doc.info?.description, CLIENTS].filter(Boolean).join("\n\n") },
    servers: [{ url: "/", description: "This server" }],
    tags: Object.entries(AREAS).map(([description, { tag }]) => ({ name: tag, description })),
    components: {
      ...doc.components,
      // The WebSocket protocols' shapes (ChatRoom, ChatMessage, ChatMember…), as the AsyncAPI document has them.
      schemas: { ...doc.components?.schemas, ...sharedSocketSchemas() },
      securitySchemes: {
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: SESSION_COOKIE,
          description: "The browser's session, set by signing in (authLogin).",
        },
        bearerToken: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description: "The same session token, sent as `Authorization: Bearer …` (scripts and tests).",
        },
      },
    },
  };
}

/**
 * The generator writes a nullable reference (`Registration.nullable()`) as `allOf: [{ $ref }, { type:
 * [object, null] }]`, which allows no null (the reference must hold); it is `anyOf: [{ $ref }, { type: null }]`.
 */
function nullableRefs(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(nullableRefs);
  if (typeof node !== "object" || node === null) return;
  const schema = node as Document;
  const [ref, nullable, ...rest] = schema.allOf ?? [];
  if (
    ref?.$ref && rest.length === 0 && Object.keys(nullable ?? {}).length === 1 &&
    Array.isArray(nullable.type) && nullable.type.includes("null")
  ) {
    delete schema.allOf;
    schema.anyOf = [ref, { type: "null" }];
  }
  Object.values(schema).forEach(nullableRefs);
}
