/**
 * The admissions pipeline (API.md: applicationList, applicationGet, applicationDecide, applicationEnrol, and
 * applicationDocument for the uploads), and applicationSubmit: the public /online-register form as JSON, for
 * applicants' clients, with the form's rules, throttle per address and size limits.
 */
import { z } from "@hono/zod-openapi";
import { apiRoute, createRouter } from "../../framework/api.ts";
import {
  ApplicationList,
  ApplicationParam,
  ApplicationQuery,
  ApplicationWithVersion,
  DecisionBody,
  DocumentParam,
  EnrolBody,
  Enrolled,
  SubmitBody,
  Submitted,
} from "../../http/schemas/admissions.ts";
import {
  applicationDocument,
  decideApplication,
  getApplication,
  listApplications,
  type Submission,
  submitApplication,
} from "../../services/admissions/applications.ts";
import { decodeBase64Text } from "../../utils/base64.ts";
import { chargeSubmission } from "../../services/admissions/throttle.ts";
import { clientInfo, remoteAddrOf } from "../../http/session_cookie.ts";
import { invalid } from "../../utils/errors.ts";
import { enrolApplication } from "../../services/admissions/enrol.ts";
import { visiblePersonalFields, withoutHiddenPersonal } from "../../services/identity/personal_data.ts";
import type { AppState } from "../../http/app_state.ts";
import type { Context } from "hono";

const router = createRouter();
const VIEW = "menu.admissions";
const DECIDE = "menu.admissions.decide";
const actorOf = (c: Context) => (c.get("state") as AppState).identity!.user.id;
const json = <S extends z.ZodType>(schema: S) => ({ "application/json": { schema } });
const binary = z.string().openapi({ format: "binary" });

export const applicationListRoute = apiRoute({
  method: "get",
  path: "/",
  operationId: "applicationList",
  permission: VIEW,
  summary: "Applications matching the filter, newest first, with the count in each state",
  request: { query: ApplicationQuery },
  responses: { 200: { description: "ok", content: json(ApplicationList) } },
});

/** Personal numbers, birth dates, citizenship and phones only for holders of their keys (identity/personal_data.ts). */
const visibleTo = (c: Context) => visiblePersonalFields((c.get("state") as AppState).auth);

router.openapi(applicationListRoute, async (c) => {
  const visible = visibleTo(c);
  const list = await listApplications({
    ...c.req.valid("query"),
    byPersonalNumber: visible.has("personalNumber"),
  });
  return c.json({ ...list, data: list.data.map((a) => withoutHiddenPersonal(a, visible)) }, 200);
});

export const applicationSubmitRoute = apiRoute({
  method: "post",
  path: "/",
  operationId: "applicationSubmit",
  permission: "public",
  summary:
    "Applies (no sign-in): the /online-register form as JSON; the open application of the same personal " +
    "number and program is updated instead of a second one. 422 names each failing field (a document at its " +
    "kind) in the request's language; at most ten submissions per address in ten minutes (429, shared with the " +
    "form); an application already accepted answers 409 already_accepted",
  request: { body: { content: json(SubmitBody) } },
  responses: { 201: { description: "stored", content: json(Submitted) } },
  errors: [429],
  // Counted before the body is read, as the form counts every post: a malformed one is a submission too.
  middleware: [async (c, next) => {
    await chargeSubmission(clientInfo(c.req.raw, remoteAddrOf(c)).ip);
    await next();
  }],
});

router.openapi(applicationSubmitRoute, async (c) => {
  const state = c.get("state") as AppState;
  const { documents, consent, programId, ...text } = c.req.valid("json");
  const files: Submission["files"] = [];
  for (const doc of documents) {
    // One file per kind, as the form has one input per kind.
    if (files.some((f) => f.kind === doc.kind)) throw invalid({ [doc.kind]: { key: "errors.duplicate" } });
    // Text that is not base64 is checked as no bytes, so it is reported with every other failure.
    files.push({ kind: doc.kind, name: doc.name, bytes: decodeBase64Text(doc.content) ?? new Uint8Array() });
  }
  const done = await submitApplication({
    form: { ...text, programId: String(programId) },
    consent,
    files,
    lang: state.lang,
  });
  return c.json(done, 201);
});

export const applicationGetRoute = apiRoute({
  method: "get",
  path: "/{id}",
  operationId: "applicationGet",
  permission: VIEW,
  summary: "One application with its documents and history",
  request: { params: ApplicationParam },
  responses: { 200: { description: "ok", content: json(ApplicationWithVersion) } },
});

router.openapi(applicationGetRoute, async (c) => {
  const { application, versionstamp } = await getApplication(c.req.valid("param").id);
  return c.json({ application: withoutHiddenPersonal(application, visibleTo(c)), versionstamp }, 200);
});

export const applicationDocumentRoute = apiRoute({
  method: "get",
  path: "/{id}/documents/{kind}",
  operationId: "applicationDocument",
  permission: VIEW,
  summary: "An uploaded document (identity or certificate), shown inline to staff",
  request: { params: DocumentParam },
  responses: {
    200: {
      description: "the file",
      content: {
        "application/pdf": { schema: binary },
        "image/jpeg": { schema: binary },
        "image/png": { schema: binary },
      },
    },
  },
});

router.openapi(applicationDocumentRoute, async (c) => {
  const { id, kind } = c.req.valid("param");
  const file = await applicationDocument(id, kind);
  return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
    "content-type": file.mime,
    "content-disposition": `inline; filename*=UTF-8''${encodeURIComponent(file.document.name)}`,
    "x-content-type-options": "nosniff",
    "content-security-policy": "sandbox; default-src 'none'; img-src 'self'; object-src 'self'",
    "cache-control": "private, no-store",
  });
});

export const applicationDecideRoute = apiRoute({
  method: "post",
  path: "/{id}/decision",
  operationId: "applicationDecide",
  permission: DECIDE,
  summary:
    "A decision: documents checked (from submitted), accepted (from checked) or rejected (with a reason); " +
    "any other state answers 409 wrong_state",
  request: { params: ApplicationParam, body: { content: json(DecisionBody) } },
  responses: { 200: { description: "decided", content: json(ApplicationWithVersion) } },
  errors: [409],
});

router.openapi(applicationDecideRoute, async (c) => {
  const result = await decideApplication(c.req.valid("param").id, c.req.valid("json"), actorOf(c));
  return c.json({ ...result, application: withoutHiddenPersonal(result.application, visibleTo(c)) }, 200);
});

export const applicationEnrolRoute = apiRoute({
  method: "post",
  path: "/{id}/enrol",
  operationId: "applicationEnrol",
  permission: DECIDE,
  summary:
    "Creates the student (program, admission year, active) from an accepted application in one write with " +
    "the application's state; a personal number already in the registry answers 409 duplicate",
  request: { params: ApplicationParam, body: { content: json(EnrolBody) } },
  responses: { 201: { description: "enrolled", content: json(Enrolled) } },
  errors: [409],
});

router.openapi(applicationEnrolRoute, async (c) => {
  const { application, student } = await enrolApplication(
    c.req.valid("param").id,
    c.req.valid("json"),
    actorOf(c),
  );
  return c.json(
    { application: withoutHiddenPersonal(application, visibleTo(c)), studentId: student.id },
    201,
  );
});

export default router;
