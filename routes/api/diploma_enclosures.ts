/**
 * Diploma supplements (API.md: diplomaEnclosure): a graduate's bilingual PDF, and every supplement of a
 * graduation year as one .zip (diplomaEnclosureBatch).
 */
import { z } from "@hono/zod-openapi";
import { apiRoute, createRouter } from "../../framework/api.ts";
import { BatchQuery, StudentParam, SupplementQuery, YearParam } from "../../http/schemas/admissions.ts";
import { supplementPdf } from "../../services/lifecycle/supplement.ts";
import { supplementBatch } from "../../services/lifecycle/supplement_batch.ts";

const router = createRouter();
const KEY = "menu.diplomaEnclosures";
const binary = z.string().openapi({ format: "binary" });
const download = (name: string, disposition = "attachment") => ({
  "content-disposition": `${disposition}; filename="${name}"`,
  "x-content-type-options": "nosniff",
  "cache-control": "private, no-store",
});

export const diplomaEnclosureRoute = apiRoute({
  method: "get",
  path: "/{studentId}",
  operationId: "diplomaEnclosure",
  permission: KEY,
  summary:
    "A graduate's diploma supplement as PDF, in Georgian and English (`lang` leads); a student who has " +
    "not graduated answers 409 not_graduated",
  request: { params: StudentParam, query: SupplementQuery },
  responses: { 200: { description: "the PDF", content: { "application/pdf": { schema: binary } } } },
  errors: [409],
});

router.openapi(diplomaEnclosureRoute, async (c) => {
  const { studentId } = c.req.valid("param");
  const pdf = await supplementPdf(studentId, c.req.valid("query").lang);
  return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
    "content-type": "application/pdf",
    // Opened in the browser's PDF viewer (its toolbar saves it), which the app's default policy (object-src
    // 'none') would turn into a download; the year's archive downloads.
    ...download(`diploma-supplement-${studentId}.pdf`, "inline"),
    "content-security-policy": "default-src 'none'; object-src 'self'; frame-ancestors 'none'",
  });
});

export const diplomaEnclosureBatchRoute = apiRoute({
  method: "get",
  path: "/years/{year}",
  operationId: "diplomaEnclosureBatch",
  permission: KEY,
  summary: "Every supplement of a graduation year (optionally of one program) as one .zip of PDFs",
  request: { params: YearParam, query: BatchQuery },
  responses: { 200: { description: "the archive", content: { "application/zip": { schema: binary } } } },
});

router.openapi(diplomaEnclosureBatchRoute, async (c) => {
  const { year } = c.req.valid("param");
  const { lang, programId } = c.req.valid("query");
  const zip = await supplementBatch(year, lang, programId);
  return c.body(zip as Uint8Array<ArrayBuffer>, 200, {
    "content-type": "application/zip",
    ...download(`diploma-supplements-${year}.zip`),
  });
});

export default router;
