/**
 * A course's syllabuses, one per semester (syllabusList, syllabusUpload, syllabusDownload, syllabusRemove).
 * An upload is a series of raw `application/octet-stream` chunks (each API write is capped at 1 MiB): the first
 * names the file and its size, each answer says how much has arrived, and the last one stores the file once its
 * content has been checked (PDF or DOCX, at most 5,000,000 bytes).
 */
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { apiRoute, createRouter } from "../../framework/api.ts";
import { Ok } from "../../http/schemas/auth.ts";
import {
  BookParam,
  SemesterParam,
  SyllabusList,
  UploadProgress,
  UploadQuery,
} from "../../http/schemas/book_dialogs.ts";
import {
  listSyllabuses,
  removeSyllabus,
  syllabusFile,
  UPLOAD_CHUNK_MAX,
  uploadSyllabusChunk,
} from "../../services/books/syllabuses.ts";
import { AppError } from "../../utils/errors.ts";
import type { AppState } from "../../http/app_state.ts";

const router = createRouter();
const actorOf = (c: Context) => (c.get("state") as AppState).identity!.user.id;
const SILABUS = "menu.learningProcesses.learningCourses.silabus";
const json = <S extends z.ZodType>(schema: S) => ({ "application/json": { schema } });
const binary = z.string().openapi({ format: "binary" });

export const syllabusListRoute = apiRoute({
  method: "get",
  path: "/{bookId}",
  operationId: "syllabusList",
  permission: SILABUS,
  summary: "Every semester, latest first, with the course's syllabus for it (or null)",
  request: { params: BookParam },
  responses: { 200: { description: "ok", content: json(SyllabusList) } },
});

router.openapi(
  syllabusListRoute,
  async (c) => c.json({ data: await listSyllabuses(c.req.valid("param").bookId) }, 200),
);

export const syllabusUploadRoute = apiRoute({
  method: "post",
  path: "/{bookId}/{groupId}",
  operationId: "syllabusUpload",
  permission: SILABUS,
  summary:
    "One chunk (≤ 768 KiB, raw bytes) of a syllabus upload: the first without uploadId, the next ones " +
    "with the uploadId and the offset the previous answer reported; the last one stores the file, replacing " +
    "the semester's previous syllabus",
  request: {
    params: SemesterParam,
    query: UploadQuery,
    body: { required: true, content: { "application/octet-stream": { schema: binary } } },
  },
  responses: { 200: { description: "received", content: json(UploadProgress) } },
});

router.openapi(
  syllabusUploadRoute,
  async (c) => {
    const type = (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
    if (type !== "application/octet-stream") {
      throw new AppError(415, "unsupported_media_type", "bookDialogs.errors.octetStream");
    }
    const declared = Number(c.req.header("content-length") ?? "0");
    if (declared > UPLOAD_CHUNK_MAX) throw new AppError(413, "payload_too_large", "errors.payloadTooLarge");
    const chunk = new Uint8Array(await c.req.arrayBuffer());
    const { bookId, groupId } = c.req.valid("param");
    const query = c.req.valid("query");
    const progress = await uploadSyllabusChunk({ bookId, groupId, ...query, chunk, actor: actorOf(c) });
    return c.json(progress, 200);
  },
);

export const syllabusDownloadRoute = apiRoute({
  method: "get",
  path: "/{bookId}/{groupId}/file",
  operationId: "syllabusDownload",
  permission: SILABUS,
  summary: "The syllabus file of a semester, as an attachment",
  request: { params: SemesterParam },
  responses: {
    200: {
      description: "the file",
      content: {
        "application/pdf": { schema: binary },
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document": { schema: binary },
      },
    },
  },
});

router.openapi(
  syllabusDownloadRoute,
  async (c) => {
    const { bookId, groupId } = c.req.valid("param");
    const file = await syllabusFile(bookId, groupId);
    return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
      "content-type": file.mime,
      "content-disposition": attachment(file.syllabus.name),
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
    });
  },
);

export const syllabusRemoveRoute = apiRoute({
  method: "delete",
  path: "/{bookId}/{groupId}",
  operationId: "syllabusRemove",
  permission: SILABUS,
  summary: "Removes the syllabus of a semester",
  request: { params: SemesterParam },
  responses: { 200: { description: "removed", content: json(Ok) } },
});

router.openapi(
  syllabusRemoveRoute,
  async (c) => {
    const { bookId, groupId } = c.req.valid("param");
    await removeSyllabus(bookId, groupId, actorOf(c));
    return c.json({ result: "yes" as const }, 200);
  },
);

/** RFC 6266: an ASCII fallback name plus the real (Georgian, say) one, percent-encoded. */
function attachment(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export default router;
