/**
 * Syllabuses: one document per course and semester (registration group), a PDF or DOCX of at most 5,000,000
 * bytes, checked by its content (files/sniff.ts), stored as KV chunks (db/files.ts). The course's list of them is
 * one value, `["syllabuses", bookId] → { items }` (books/dialog_store.ts), so each upload or removal is audited.
 *
 * Uploads come in chunks of at most UPLOAD_CHUNK_MAX bytes (every API write is capped at 1 MiB, and chunks
 * let the dialog show progress): `["syllabus_uploads", uploadId]` keeps the session and
 * `["syllabus_upload_chunks", uploadId, offset]` the bytes received, both expiring after an hour, so an
 * abandoned upload cleans itself up. The last chunk checks the whole file and stores it; a new upload for a
 * semester that has one replaces it.
 */
import { changeBookDoc, readBookDoc, requireBook } from "./dialog_store.ts";
import { nextUlid } from "../db/ids.ts";
import { commitInBatches, db, type KvOp } from "../db/kv.ts";
import { CHUNK_BYTES, deleteFile, putFile, readFile } from "../db/files.ts";
import { detectDocument, DOCUMENT_KINDS, type DocumentKind, kindOfName, startsLike } from "../files/sniff.ts";
import { cleanFileName } from "../files/file_names.ts";
import { getGroup, listGroups } from "../academic/semesters.ts";
import { AppError, conflict, invalid, notFound } from "../../utils/errors.ts";

export interface Syllabus {
  groupId: number;
  fileId: string;
  name: string;
  kind: DocumentKind;
  size: number;
  uploadedAt: string;
  uploadedBy: number | null;
}

interface Syllabuses {
  items: Syllabus[];
}

interface UploadSession {
  bookId: number;
  groupId: number;
  name: string;
  kind: DocumentKind;
  size: number;
  received: number;
  actor: number | null;
}

const ENTITY = "syllabuses";
export const SYLLABUS_MAX_BYTES = 5_000_000;
/** The most one chunk request may carry (the dialog sends 512 KiB). */
export const UPLOAD_CHUNK_MAX = 768 * 1024;
export const FILE_NAME_MAX = 200;
const UPLOAD_TTL_MS = 60 * 60 * 1000;

const sessionKey = (uploadId: string): Deno.KvKey => ["syllabus_uploads", uploadId];
const chunkPrefix = (uploadId: string): Deno.KvKey => ["syllabus_upload_chunks", uploadId];

export interface SyllabusRow {
  groupId: number;
  seasonYear: string;
  syllabus: Syllabus | null;
}

/** Every semester, latest first, with the course's syllabus for it (or null). */
export async function listSyllabuses(bookId: number): Promise<SyllabusRow[]> {
  const [doc, groups] = await Promise.all([readBookDoc<Syllabuses>(ENTITY, bookId), listGroups()]);
  const byGroup = new Map((doc?.items ?? []).map((s) => [s.groupId, s]));
  const latestFirst = [...groups].sort((a, b) =>
    b.value.startDate.localeCompare(a.value.startDate) || b.id - a.id
  );
  return latestFirst.map((g) => ({
    groupId: g.id,
    seasonYear: g.value.seasonYear,
    syllabus: byGroup.get(g.id) ?? null,
  }));
}

export interface ChunkInput {
  bookId: number;
  groupId: number;
  /** The file's name (the first chunk's counts). */
  name: string;
  /** The whole file's size in bytes. */
  size: number;
  offset: number;
  /** Absent on the first chunk; then the id the first answer returned. */
  uploadId?: string;
  chunk: Uint8Array;
  actor: number | null;
}

export type UploadProgress =
  | { status: "progress"; uploadId: string; received: number; size: number }
  | { status: "finished"; uploadId: string; received: number; size: number; syllabus: Syllabus };

const fileError = (key: string, params?: Record<string, number>) => invalid({ file: { key, params } });

/** Stores one chunk; the last one checks and saves the file. */
export async function uploadSyllabusChunk(input: ChunkInput): Promise<UploadProgress> {
  const { chunk } = input;
  if (chunk.byteLength === 0 || chunk.byteLength > UPLOAD_CHUNK_MAX) {
    throw fileError("bookDialogs.errors.chunkSize", { max: UPLOAD_CHUNK_MAX });
  }
  const kv = db();
  let uploadId = input.uploadId;
  let session: { value: UploadSession; versionstamp: string | null };
  if (uploadId === undefined) {
    const name = baseName(input.name);
    const kind = kindOfName(name);
    if (!name || name.length > FILE_NAME_MAX) {
      throw fileError("bookDialogs.errors.fileName", { max: FILE_NAME_MAX });
    }
    if (!kind) throw fileError("bookDialogs.errors.fileType");
    if (!Number.isSafeInteger(input.size) || input.size < 1 || input.size > SYLLABUS_MAX_BYTES) {
      throw fileError("bookDialogs.errors.fileTooLarge");
    }
    if (input.offset !== 0) throw fileError("bookDialogs.errors.chunkOrder");
    if (!startsLike(kind, chunk)) throw fileError("bookDialogs.errors.fileContent");
    await requireBook(input.bookId);
    if (!(await getGroup(input.groupId))) throw invalid({ groupId: { key: "errors.unknownGroup" } });
    uploadId = nextUlid();
    const value = { bookId: input.bookId, groupId: input.groupId, name, kind, size: input.size, received: 0 };
    session = { value: { ...value, actor: input.actor }, versionstamp: null };
  } else {
    const stored = await kv.get<UploadSession>(sessionKey(uploadId));
    const s = stored.value;
    if (!s || s.bookId !== input.bookId || s.groupId !== input.groupId || s.actor !== input.actor) {
      throw new AppError(404, "not_found", "bookDialogs.errors.uploadExpired");
    }
    if (input.offset !== s.received) throw conflict("bookDialogs.errors.chunkOrder");
    session = { value: s, versionstamp: stored.versionstamp };
  }
  const current = session.value;
  if (current.received + chunk.byteLength > current.size) {
    throw fileError("bookDialogs.errors.chunkSize", { max: current.size });
  }

  const next: UploadSession = { ...current, received: current.received + chunk.byteLength };
  const atomic = kv.atomic().check({ key: sessionKey(uploadId), versionstamp: session.versionstamp });
  for (let at = 0; at < chunk.byteLength; at += CHUNK_BYTES) {
    atomic.set([...chunkPrefix(uploadId), current.received + at], chunk.slice(at, at + CHUNK_BYTES), {
      expireIn: UPLOAD_TTL_MS,
    });
  }
  atomic.set(sessionKey(uploadId), next, { expireIn: UPLOAD_TTL_MS });
  if (!(await atomic.commit()).ok) throw conflict("bookDialogs.errors.chunkOrder");
  if (next.received < next.size) {
    return { status: "progress", uploadId, received: next.received, size: next.size };
  }
  return await finishUpload(uploadId, next);
}

async function finishUpload(uploadId: string, session: UploadSession): Promise<UploadProgress> {
  const bytes = new Uint8Array(session.size);
  const keys: Deno.KvKey[] = [];
  let offset = 0;
  for await (const piece of db().list<Uint8Array>({ prefix: chunkPrefix(uploadId) }, { batchSize: 10 })) {
    bytes.set(piece.value, offset);
    offset += piece.value.byteLength;
    keys.push(piece.key);
  }
  const cleanUp = () =>
    commitInBatches([sessionKey(uploadId), ...keys].map((key): KvOp => ({ type: "delete", key })));
  try {
    if (offset !== session.size) throw new AppError(404, "not_found", "bookDialogs.errors.uploadExpired");
    if (detectDocument(bytes) !== session.kind) throw fileError("bookDialogs.errors.fileContent");
    const fileId = nextUlid();
    await putFile(fileId, bytes, { name: session.name, type: DOCUMENT_KINDS[session.kind].mime });
    const syllabus: Syllabus = {
      groupId: session.groupId,
      fileId,
      name: session.name,
      kind: session.kind,
      size: session.size,
      uploadedAt: new Date().toISOString(),
      uploadedBy: session.actor,
    };
    let replaced: Syllabus | null = null;
    try {
      replaced = await changeBookDoc<Syllabuses, Syllabus | null>(
        ENTITY,
        session.bookId,
        session.actor,
        (doc) => {
          const items = doc?.items ?? [];
          const old = items.find((s) => s.groupId === session.groupId) ?? null;
          return {
            next: { items: [...items.filter((s) => s !== old), syllabus] },
            audit: {
              action: old ? "update" : "create",
              what: "syllabusUpload",
              before: old,
              after: syllabus,
            },
            result: old,
          };
        },
      );
    } catch (error) {
      await deleteFile(fileId);
      throw error;
    }
    if (replaced) await deleteFile(replaced.fileId);
    return { status: "finished", uploadId, received: session.size, size: session.size, syllabus };
  } finally {
    await cleanUp();
  }
}

/** The stored file of a course's syllabus for a semester, or 404. */
export async function syllabusFile(bookId: number, groupId: number) {
  const syllabus = (await readBookDoc<Syllabuses>(ENTITY, bookId))?.items.find((s) => s.groupId === groupId);
  const file = syllabus ? await readFile(syllabus.fileId) : null;
  if (!syllabus || !file) throw notFound(ENTITY);
  return { syllabus, bytes: file.bytes, mime: DOCUMENT_KINDS[syllabus.kind].mime };
}

export async function removeSyllabus(bookId: number, groupId: number, actor: number | null): Promise<void> {
  const removed = await changeBookDoc<Syllabuses, Syllabus>(ENTITY, bookId, actor, (doc) => {
    const old = doc?.items.find((s) => s.groupId === groupId);
    if (!doc || !old) throw notFound(ENTITY);
    const items = doc.items.filter((s) => s !== old);
    return {
      next: items.length ? { items } : null,
      audit: { action: "remove", what: "syllabusRemove", before: old, after: null },
      result: old,
    };
  });
  await deleteFile(removed.fileId);
}

/** The name without any folder part a browser or a hostile client may send. */
/** Control and bidi characters have no place in a file name (nor in a Content-Disposition header). */
const baseName = (name: string) => cleanFileName(name, "");
