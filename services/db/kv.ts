/**
 * The db domain (services/db/) owns the KV layer, the one write path of every service: this connection and key
 * table, records with their indexes, versions and audit (records.ts, reads.ts), the one writer of audit entries
 * (audit_log.ts), the one id generator (ids.ts), the one bounded retry of optimistic writes, which ends in a 409
 * (retry.ts), in-process snapshots kept by version keys (snapshot.ts), file chunks (files.ts) and the cached value.
 *
 * Deno KV: the one connection, the table of every key prefix, and writers that stay within KV's limits.
 * Records with indexes and audit are written by `db/records.ts` and read by `db/reads.ts`; numbered append-only
 * logs by `db/log.ts`; counters moved with what they count by `db/counters.ts`; files by `db/files.ts`. Services
 * that write keys of yet another shape (per-course dialog values, lesson slots) build their own atomic, but take
 * its ids from ids.ts, its audit entry from audit_log.ts, its counters from counters.ts and its retries from
 * retry.ts.
 *
 * Key table. Every module that adds a collection adds its rows here. Collections are plural snake_case
 * (`["books", id]`); an index is `<collection>_by_<field>` and holds ids, never copies of records.
 *
 * | key                                      | value                                   | owner              |
 * |------------------------------------------|-----------------------------------------|--------------------|
 * | ["meta", "seed"]                         | SeedMarker { size, parts, at }          | services/seed      |
 * | ["counters", collection]                 | number: last numeric id handed out      | db/records.ts      |
 * | ["audit", entity, entityId, ulid]        | AuditEntry { actor, action, before, … } | db/audit_log.ts    |
 * | ["reference_marks", collection, id]      | ulid: moved by each write that refers to the record | db/records.ts |
 * | ["notifications", userId, id]            | Notification { title, body, link, kind, createdAt, read } | notifications/mod.ts |
 * | ["notification_unread", userId]          | number: unread count, kept in each write's atomic | notifications/mod.ts |
 * | ["notification_version", userId]         | number: last id; other processes poll it (user channel) | notifications/mod.ts |
 * | ["notification_settings", userId]        | channels (inApp, email, sms) per kind   | notifications/mod.ts   |
 * | ["files", fileId]                        | FileMeta { name, type, size, chunks, … }| db/files.ts        |
 * | ["files_chunks", fileId, n]              | Uint8Array ≤ 60 KiB, n = 0, 1, …        | db/files.ts        |
 * | ["meta", "jwt_secret"]                   | string: generated JWT secret, base64url | identity/sessions.ts        |
 * | ["sessions", sid]                        | Session (expireIn when it expires)      | identity/sessions.ts        |
 * | ["sessions_by_user", userId, sid]        | sid (same expireIn as the session)      | identity/sessions.ts        |
 * | ["sessions_version", userId]             | ms: set by every write of the user's sessions (kept lists) | identity/user_sessions.ts |
 * | ["sessions_revoked_at", atMs, sid]       | sid: the feed other processes poll, 1 d | identity/sessions.ts        |
 * | ["login_failures", "account", email]     | FailureCounter { count, firstAt, … }    | identity/login_throttle.ts  |
 * | ["login_failures", "address", ip]        | FailureCounter (expireIn: window)       | identity/login_throttle.ts  |
 * | [collection, id]                         | the record                              | db/records.ts      |
 * | [`<collection>_by_<field>`, value]       | id (unique index)                       | db/records.ts      |
 * | [`<collection>_by_<field>`, value, id]   | id (non-unique index)                   | db/records.ts      |
 * | ["meta", "hr_version"]                   | ms of the last HR edit (a version key of the HR snapshot, db/snapshot.ts) | hr/snapshot.ts |
 * | ["transcripts", studentId, entryId]      | TranscriptEntry (a completed course)    | students/transcripts.ts     |
 * | ["transcripts_by_book", bookId, studentId, entryId] | entryId                      | students/transcripts.ts     |
 * | ["transcript_totals", studentId]         | { credits, earned, weighted10 } (2)     | students/transcripts.ts     |
 * | ["meta", "students_version"]             | number: advanced by every student or transcript write (3) | students/version.ts |
 * | ["students_changes", seq]                | { ids, prev } change log, kept 1 day (3) | students/version.ts |
 * | ["meta", "structure_version"]            | anything: set by structure writes (4)   | students/structure.ts (reads) |
 * | ["meta", "qr_secret"]                    | string: HMAC secret of student cards    | students/qr.ts      |
 * | ["settings", "auth_params"]              | AuthParams (audited as settings/auth_params) | identity/params.ts |
 * | ["settings", "menu"]                     | { rows: MenuRow[] } side menu (audited)  | shell/menu_store.ts      |
 * | ["timetable_slots", "professor", groupId, hrId, weekday]    | number, bumped by each lesson there (1) | timetable_entries  |
 * | ["timetable_slots", "auditorium", groupId, roomId, weekday] | number, bumped by each lesson there (1) | timetable_entries  |
 * | ["vote_responses", groupId, bookId, uuid] | { scores } anonymous course evaluation | votes/mod.ts           |
 * | ["vote_cast", groupId, bookId, userId]   | true: has voted (same atomic, checked null) | votes/mod.ts       |
 * | ["consents", userId, policyVersion]     | ConsentDecision { agreed, at, ip, method, sid } | notifications/consent.ts |
 * | ["consents_by_version", version, userId] | boolean agreed (staff listing)          | notifications/consent.ts         |
 * | ["audit", "consents", "userId:version", ulid] | AuditEntry of each decision (db/audit_log.ts) | notifications/consent.ts |
 * | ["user_phones", userId]                  | string: phone for SMS codes (E.164)     | notifications/consent.ts         |
 * | ["sms_codes", userId, purpose]           | { hash, salt, guesses, expiresAt } (expireIn: validity) | identity/sms_codes.ts |
 * | ["sms_sends", "user", userId]            | { times } sends in the last 10 min (expireIn) | identity/sms_codes.ts |
 * | ["sms_sends", "phone", phone]            | { times } sends in the last 10 min (expireIn) | identity/sms_codes.ts |
 * | ["poll_definitions", id] (+ _by_status)  | PollDefinition: questions, audience, period (records.ts) | polls/model.ts |
 * | ["poll_respondents", pollId, userId]     | { at, responseId }: answered (one atomic with the response) | polls/answers.ts |
 * | ["poll_responses", pollId, responseId]   | PollResponse (anonymous: a ULID, no user) | polls/answers.ts |
 * | ["poll_counts", pollId, ...what]         | KvU64 counts per question and choice      | polls/answers.ts  |
 * | ["sms_sendings", id]                     | SmsSending, written with its fan-out job  | sms/model.ts      |
 * | ["sms_deliveries", sendingId, n]         | SmsDelivery: queued → sending → sent/failed | sms/send.ts     |
 * | ["sms_counts", sendingId, status]        | KvU64 deliveries per status               | sms/send.ts       |
 * | ["events", id]                           | UniEvent (records.ts; read from a cached copy) | calendar/events.ts |
 * | ["messages", id]                         | Message (attachments: files' ids), written with its fan-out job | messages/store.ts |
 * | ["message_recipients", id, chunk]        | number[] user ids named at sending        | messages/store.ts |
 * | ["message_deliveries", id, userId]       | inbox item id: delivered, set in the item's own atomic | messages/store.ts |
 * | ["message_counts", id]                   | KvU64 deliveries made                     | messages/store.ts |
 * | ["inbox_items", userId, id]             | BoxItem { title, sender, createdAt, read } | shell/mailboxes.ts   |
 * | ["inbox_unread", userId] / ["inbox_last_id", userId] | numbers kept in each write's atomic | shell/mailboxes.ts |
 * | ["chancellery_items", userId, id]       | BoxItem (same shape as the inbox)       | shell/mailboxes.ts       |
 * | ["chancellery_unread", userId] / ["chancellery_last_id", userId] | numbers, same atomic | shell/mailboxes.ts |
 * | ["polls", id]                            | Poll { title, titleEn, audience, opensAt, closesAt, link } | shell/polls.ts |
 * | ["poll_answers", pollId, userId]         | { at }: answered (audited)              | shell/polls.ts           |
 * | ["zoom_status", userId]                  | { isOnline, at } (audited)              | shell/zoom_status.ts     |
 * | ["observing", userId]                    | { status, at }: observer started observing (audited) | shell/observing.ts |
 * | ["professor_statements", userId, version] | { version, at, ip } (audited)          | shell/professor_statements.ts |
 * | ["languages", side, code]                | { code, name, flag, createdAt } added language (audited) | languages/mod.ts |
 * | ["translations", side, lang, key]        | string: edited text ("" = to translate) (audited) | languages/mod.ts |
 * | ["meta", "translations_version"]         | KvU64: +1 with every language write; processes poll it | languages/overrides.ts |
 * | ["book_conditions", bookId]              | BookConditions { groups, programs, gpaLimit, nextGroupId } (5) | books/conditions.ts |
 * | ["book_professors", bookId]              | { rows: BookProfessor[], nextId } (5)   | books/professors.ts |
 * | ["rule_students", bookId]                | { ids: number[] } students exempt from prerequisites (5) | books/rule_students.ts |
 * | ["book_components", bookId]              | { items: BookComponent[] } weights total 100 (5) | books/components.ts |
 * | ["syllabuses", bookId]                   | { items: Syllabus[] } one per semester; bytes in ["files", fileId] (5) | books/syllabuses.ts |
 * | ["syllabus_uploads", uploadId]           | UploadSession { bookId, groupId, name, size, received } (expireIn 1 h) | books/syllabuses.ts |
 * | ["syllabus_upload_chunks", uploadId, offset] | Uint8Array ≤ 60 KiB of an upload in progress (expireIn 1 h) | books/syllabuses.ts |
 * | ["audit", dialogEntity, bookId, ulid]    | AuditEntry + `what` (the operation) of a course dialog (5); db/audit_log.ts | books/dialog_store.ts |
 * | ["chat_events", roomId, seq]             | ChatEvent: the room's log, seq gapless from 1 (6) | chat/log_commit.ts |
 * | ["chat_heads", roomId]                   | RoomHead { seq, last message, cursors, unread, last active }: set and checked by every append (6) | chat/room_records.ts |
 * | ["chat_dedup", roomId, authorId, clientId] | seq of the author's client id's event (expireIn 1 day) | chat/log_commit.ts |
 * | ["chat_rooms", roomId]                   | RoomRecord { kind, titles, members, admins, deleted }: set by the appends that change it (6) | chat/room_records.ts |
 * | ["chat_rooms_by_user", userId, roomId]   | roomId: the rooms a person is in now    | chat/log_commit.ts |
 * | ["chat_direct", lowUserId, highUserId]   | roomId of the two people's direct room  | chat/rooms.ts      |
 * | ["chat_created", userId, clientId]       | roomId a createChat made (expireIn 1 day) | chat/rooms.ts    |
 * | ["chat_activity", "events", processId]  | ms: blind-set by the process's commits (expireIn 1 day); the others poll it (7) | chat/relay.ts |
 * | ["chat_activity", "joins"]               | ms: blind-set by appends that add people; processes poll it (7) | chat/relay.ts |
 * | ["chat_user_version", userId]            | ms: set when the person joins a room (7) | chat/relay.ts     |
 * | ["chat_settings", userId]                | UserChatSettings (audited as chat_settings) | chat/people.ts  |
 * | ["chat_uploads", key]                    | an upload in progress (expireIn 1 h)    | chat/uploads.ts    |
 * | ["chat_upload_chunks", key, n]           | Uint8Array ≤ 60 KiB of it (expireIn 1 h) | chat/uploads.ts   |
 * | ["chat_files", filename]                 | ChatFileRecord { chatId, uploader, … }; bytes in ["files", filename] | chat/uploads.ts |
 * | ["chat_upload_usage", userId, key]     | bytes of an unsent upload or file, for the quota (expires with it) | chat/upload_quota.ts |
 * | ["counters", "chat_rooms"]               | number: last room id                    | chat/rooms.ts      |
 * | ["meta", "books_version"]               | { id, prev, counter }: set after each course write (8) | books/version.ts |
 * | ["books_by_code", code]                  | id (lowercase code; absent when the code is empty) | books/mod.ts |
 * | ["sub_books", id]                        | SubBook (id chosen in the form; audited as sub_books) | books/sub_books.ts |
 * | ["sub_books_by_code", code]              | id (lowercase code, when given)         | books/sub_books.ts       |
 * | ["book_sub_links", bookId, subBookId]    | SubLink { bookId, subBookId, at } (audited as books) | books/sub_book_links.ts |
 * | ["book_sub_links_by_sub", subBookId, bookId] | bookId (a linked category is not removed) | books/sub_book_links.ts |
 * | ["settings", "learningSystem"]           | { bookType } (settingsGet; 1 shows course categories) | shell/settings.ts |
 * | ["registrations", studentId, groupId, sectionId] | Registration { status enrolled/waitlisted, position, credits } (9) | registration/decide.ts |
 * | ["registration_versions", studentId, groupId] | number: moved by every change of the student's registrations (9) | registration/decide.ts |
 * | ["section_seats", sectionId]             | { enrolled, waitlisted, nextPosition }: checked by every decision of the section (9) | registration/decide.ts |
 * | ["section_roster", sectionId, studentId] | registrationId of an enrolled student (9) | registration/decide.ts |
 * | ["section_waitlist", sectionId, position] | studentId waiting, in order of arrival (9) | registration/decide.ts |
 * | ["section_settings", sectionId]          | { capacity, closed } set by the registrar (audited) | registration/offerings.ts |
 * | ["registration_windows", groupId]        | RegistrationWindow { opens, closes, dropDeadline, creditLimit, … } (audited) | registration/windows.ts |
 * | ["holds", studentId, holdId]             | Hold { kind, reason, at, by } (audited)  | registration/holds.ts |
 * | ["holds_version", studentId]             | number: moved by every hold added or removed (9) | registration/holds.ts |
 * | ["lists", sectionId]                     | ListRecord { status open/submitted, round, unlockReason … }, checked by every list write (11) | lists/submit.ts |
 * | ["list_cells", sectionId, studentId, componentId] | Cell { points, at, by }: its versionstamp is the cell's version (11) | lists/cells.ts |
 * | ["list_attendance", sectionId, date]     | { marks: { [studentId]: present/absent/late } } (audited as lists) | lists/attendance.ts |
 * | ["list_grades", sectionId, studentId] / ["list_grades_by_student", studentId, groupId, sectionId] | PublishedGrade, same atomic as the transcript entry (11) | lists/submit.ts |
 * | ["list_absence_limits", bookId]          | number: percent of absences a course allows (default 30) | lists/absence_limit.ts |
 * | ["component_types", id] / ["component_types_by_name_ka" or "_en", name] | ComponentType (audited) / id | lists/component_types.ts |
 * | ["applications", id]                     | Application (numeric id; audited): a /online-register application and its steps | admissions/applications.ts |
 * | ["applications_by_reference", ref] / ["applications_by_state", state, id] | id | admissions/applications.ts |
 * | ["applications_open", personalNumber, programId] | id of the open application (a resubmission updates it) | admissions/applications.ts |
 * | ["admission_submits", address, window]   | number of form posts from an address (expireIn 20 min) | admissions/throttle.ts |
 * | ["status_events", studentId, ulid]       | StatusEvent: withdrawal, suspension, return, graduation, re-admission | lifecycle/status.ts |
 * | ["school_leavers", studentId]            | Leaver { programId, date, reason } while withdrawn | lifecycle/status.ts |
 * | ["alumni", year, programId, studentId] / ["alumni_by_student", studentId] | Alumnus { date, gpa, credits } / [year, programId] | lifecycle/status.ts |
 * | ["mobility", id] / ["mobility_by_student", studentId, id] | Mobility { partner, period, recognitions } (audited) / id | lifecycle/mobility.ts |
 * | ["finance_entries", studentId, date, entryId] | LedgerEntry: the student's append-only ledger, by date (10) | finances/ledger.ts |
 * | ["finance_entry_ids", entryId]          | { studentId, date } of an entry         | finances/ledger.ts |
 * | ["finance_balances", studentId]         | BalanceProjection: running totals per day, same atomic as each entry (10) | finances/ledger.ts |
 * | ["finance_sources", type, id]           | entryId a source wrote (checked null: a retry writes nothing) | finances/ledger.ts |
 * | ["finance_reversed", entryId]           | the reversal's id (checked null: reversed once) | finances/ledger.ts |
 * | ["finance_events", date, entryId]       | studentId: every entry by date (transactions, period reports) | finances/ledger.ts |
 * | ["meta", "finance_version"]            | KvU64 summed by every entry: the balances snapshot's version | finances/ledger.ts |
 * | ["finance_months", "YYYY-MM", side]     | KvU64 tetri summed by every entry of the month: `charged` (debits), `credited` (credits) | finances/ledger.ts |
 * | ["settings", "finance"]                 | FinanceParams (audited as finance_params) | finances/params.ts |
 * | ["finance_discounts", id]               | DiscountType (records.ts, audited)      | finances/discounts.ts |
 * | ["finance_discount_assignments", studentId, id] | DiscountAssignment (audited)    | finances/discounts.ts |
 * | ["meta", "auth_epoch"]                  | ms: set after every user or role write; cached identities compare it | identity/epoch.ts |
 * | ["meta", "lessons_version"]             | ms: set in every lesson write's atomic; lesson copies compare it | timetable/entries.ts |
 * | ["meta", "book_dialogs_version"]        | ms: set by every course-dialog write; registration's copies compare it | books/dialog_store.ts |
 * | ["meta", "cache_version", name]         | ms: set after each write of a cached value (menu, parameters, rooms, …) | db/cached_value.ts |
 * | ["meta", "schema_version"]              | number: the last migration the data has had | operations/migrations.ts |
 * | ["migration_progress", version]          | list cursor of a migration in progress  | operations/migrations.ts |
 * | ["locks", "migrations"]                  | { owner, until }: the process migrating | operations/migrations.ts |
 * | ["jobs_seen", key]                       | { name, at }: the job was enqueued (expireIn 7 d) | operations/jobs.ts |
 * | ["jobs_done", key]                       | true: the job finished (expireIn 7 d)   | operations/jobs.ts |
 * | ["jobs_dead", ulid]                      | DeadLetter { name, key, payload, attempts, error, at } | operations/jobs.ts |
 * | ["jobs_stats", "enqueued" or "finished"] | KvU64: counts whose difference is the queue's depth | operations/jobs.ts |
 *
 * (1) A lesson write checks the slot keys it read before its overlap test and bumps them in the same atomic,
 *     so two overlapping lessons can never both commit. Lessons also move the `reference_marks` of their course,
 *     professor, semester and room (written by timetable/entries.ts itself, as db/records.ts does).
 * (2) Kept in the same atomic as each entry, so lists show every student's GPA without reading transcripts;
 *     bulk writers add `transcriptTotalsEntry()`. (3) The students snapshot (students/list_index.ts, on
 *     db/snapshot.ts) reads the version on every list request and reloads the students the log names; any other
 *     change of the key (a bulk import) makes it reload in full. (4) Optional: the students list also reloads
 *     programs every 5 s.
 * (5) Written by books/dialog_store.ts: one value per course and dialog, changed in one atomic with its audit
 *     entry, the course's list flags (books/flags.ts) and the course's reference mark; bookLog merges the audit.
 * (6) One append = one atomic: head check + set, event, projection, dedup and index (services/chat/log.ts);
 *     the projection is the fold of the events (services/chat/projection.ts), never edited on its own.
 * (7) Local `kv.watch` does not cross processes on a SQLite file: see services/chat/relay.ts.
 * (8) The courses snapshot (books/list_index.ts, on db/snapshot.ts) compares this key, ["counters", "books"] and
 *     ["meta", "book_flags_version"] on every read; one course written since is re-read alone, anything else
 *     reloads all.
 * (9) One registration decision = one atomic that checks the section's seats, the student's registration version,
 *     holds version, transcript totals and the course's conditions, and moves the seats with the roster or the
 *     waitlist (services/registration/model.ts); a drop promotes the first eligible waitlisted student in it.
 * (11) A cell save checks the list's record, the cell (its versionstamp as shown: 409 when stale), the roster entry
 *      and the course's components; a submit moves the list's record, then publishes each student's grade, its
 *      transcript entry and totals in one atomic per student, checked against that record (services/lists/).
 * (10) One ledger entry = one atomic: the entry, its indexes, the source or reversal key (checked null), the
 *      projection (checked) and the finance hold's state (services/finances/model.ts).
 */
import { serialize } from "node:v8";
import { coalesceReads } from "./coalesced_reads.ts";
import { envVar, onDenoDeploy } from "../../utils/env.ts";

/** Deno KV's hard limits (measured against Deno 2.9: exceeding any of them throws a TypeError). */
export const KV_LIMITS = {
  valueBytes: 64 * 1024,
  keyBytes: 2048,
  mutationsPerAtomic: 1000,
  checksPerAtomic: 100,
  bytesPerAtomic: 800 * 1024,
  keyBytesPerAtomic: 80 * 1024,
  keysPerGetMany: 10,
  keysPerWatch: 10,
  entriesPerList: 1000,
} as const;

/** What `commitInBatches` puts in one atomic: well under KV's limits, so size estimates may be rough. */
const BATCH = { mutations: 500, bytes: 700 * 1024, keyBytes: 64 * 1024 } as const;

export const DEFAULT_KV_PATH = "./data/app.kv";

let kv: Deno.Kv | null = null;
let opening: Promise<Deno.Kv> | null = null;
let openedPath: string | undefined;

/**
 * Opens the application's KV once: from `path`, else env `KV_PATH`, else `./data/app.kv` (on Deno Deploy,
 * the deployment's own KV). Calling it again with the same path returns the same connection.
 */
export function openDb(path?: string): Promise<Deno.Kv> {
  const target = path ?? envVar("KV_PATH") ?? (onDenoDeploy() ? undefined : DEFAULT_KV_PATH);
  if (opening) {
    if (target === openedPath) return opening;
    return Promise.reject(
      new Error(`KV is already open at ${openedPath}; call closeDb() before opening ${target}`),
    );
  }
  openedPath = target;
  opening = openAt(target).then(
    (opened) => (kv = opened),
    (error) => {
      opening = null;
      throw error;
    },
  );
  return opening;
}

async function openAt(path: string | undefined): Promise<Deno.Kv> {
  if (path !== undefined && path !== ":memory:" && !path.includes("://")) {
    const slash = Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\"));
    if (slash > 0) await Deno.mkdir(path.slice(0, slash), { recursive: true });
  }
  // Single reads made together go as one getMany (coalesced_reads.ts); a file's one SQLite thread serves
  // reads one at a time, Deploy's KV (no path) and KV Connect (a URL) in parallel.
  const local = path !== undefined && !path.includes("://");
  return coalesceReads(await Deno.openKv(path), { oneAtATime: local });
}

/** The open KV. Throws when `openDb()` has not finished, which is always a start-up or test-setup bug. */
export function db(): Deno.Kv {
  if (!kv) {
    throw new Error(
      "KV is not open: call openDb() first (main.ts does this at start-up; tests call openDb(':memory:'))",
    );
  }
  return kv;
}

export async function closeDb(): Promise<void> {
  const pending = opening;
  kv = null;
  opening = null;
  openedPath = undefined;
  const open = await pending?.catch(() => null);
  open?.close();
}

/** Serialized size of a value as KV counts it (V8 serialization; byte arrays are stored raw). */
export function valueSize(value: unknown): number {
  return value instanceof Uint8Array ? value.byteLength : serialize(value).byteLength;
}

const encoder = new TextEncoder();

/** Upper estimate of a key's encoded size (tuple encoding: a type byte, the bytes, a terminator). */
export function keySize(key: Deno.KvKey): number {
  let size = 0;
  for (const part of key) {
    if (typeof part === "string") size += 2 + encoder.encode(part).byteLength;
    else if (part instanceof Uint8Array) size += 2 + part.byteLength;
    else if (typeof part === "bigint") size += 2 + Math.ceil(part.toString(16).length / 2);
    else size += 9;
  }
  return size;
}

/** A string that equals another key's only if the keys are equal (same parts, same types): for maps and sets. */
export const keyId = (key: Deno.KvKey): string =>
  JSON.stringify(key.map((p) => p instanceof Uint8Array ? ["u8", ...p] : [typeof p, String(p)]));

/** Reads any number of keys, `getMany` being limited to 10 keys a call. Results keep the order of `keys`. */
export async function readMany<T>(keys: Deno.KvKey[]): Promise<Deno.KvEntryMaybe<T>[]> {
  const groups: Deno.KvKey[][] = [];
  for (let i = 0; i < keys.length; i += KV_LIMITS.keysPerGetMany) {
    groups.push(keys.slice(i, i + KV_LIMITS.keysPerGetMany));
  }
  const results = await Promise.all(groups.map((group) => db().getMany<T[]>(group)));
  return results.flat();
}

export type KvOp =
  | { type: "set"; key: Deno.KvKey; value: unknown; expireIn?: number }
  | { type: "delete"; key: Deno.KvKey };

/**
 * Commits many unconditional writes as a series of atomics, each within KV's limits. The series as a whole
 * is not atomic: use it for seeding, imports and clean-ups, never for a person's edit. Returns the number of
 * atomics committed.
 */
export async function commitInBatches(ops: Iterable<KvOp>): Promise<number> {
  let atomic = db().atomic();
  let count = 0, bytes = 0, keyBytes = 0, commits = 0;
  const flush = async () => {
    if (count === 0) return;
    await atomic.commit(); // without checks a commit either succeeds or throws
    commits++;
    atomic = db().atomic();
    count = bytes = keyBytes = 0;
  };
  for (const op of ops) {
    const k = keySize(op.key);
    const size = k + (op.type === "set" ? valueSize(op.value) : 0);
    if (count + 1 > BATCH.mutations || bytes + size > BATCH.bytes || keyBytes + k > BATCH.keyBytes) {
      await flush();
    }
    if (op.type === "delete") atomic.delete(op.key);
    else atomic.set(op.key, op.value, op.expireIn === undefined ? undefined : { expireIn: op.expireIn });
    count++;
    bytes += size;
    keyBytes += k;
  }
  await flush();
  return commits;
}

/** Bulk writer for seeding: sets every entry, in atomics of ≤ 500 mutations and ≤ 700 KiB. */
export function bulkSet(entries: Iterable<readonly [Deno.KvKey, unknown]>): Promise<number> {
  return commitInBatches(
    (function* () {
      for (const [key, value] of entries) yield { type: "set", key, value } satisfies KvOp;
    })(),
  );
}
