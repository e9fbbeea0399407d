/**
 * Mobility and course recognition (API.md: mobilityList, mobilityAdd, mobilityRecognize): exchanges out and in
 * with partner and period, and courses taken there recognized as ours, written into the transcript.
 */
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { apiRoute, createRouter } from "../../framework/api.ts";
import {
  Mobility,
  MobilityBody,
  MobilityList,
  MobilityParam,
  MobilityQuery,
  Recognition,
  RecognitionBody,
} from "../../http/schemas/admissions.ts";
import { addMobility, listMobility, recognizeCourse } from "../../services/lifecycle/mobility.ts";
import type { AppState } from "../../http/app_state.ts";

const router = createRouter();
const KEY = "menu.learningProcesses.mobilityBooks";
const actorOf = (c: Context) => (c.get("state") as AppState).identity!.user.id;
const json = <S extends z.ZodType>(schema: S) => ({ "application/json": { schema } });

export const mobilityListRoute = apiRoute({
  method: "get",
  path: "/",
  operationId: "mobilityList",
  permission: KEY,
  summary: "Exchanges, latest first, with their recognized courses",
  request: { query: MobilityQuery },
  responses: { 200: { description: "ok", content: json(MobilityList) } },
});

router.openapi(
  mobilityListRoute,
  async (c) => c.json({ data: await listMobility(c.req.valid("query")) }, 200),
);

export const mobilityAddRoute = apiRoute({
  method: "post",
  path: "/",
  operationId: "mobilityAdd",
  permission: KEY,
  summary: "Records a student's exchange out to, or in from, a partner institution for a period",
  request: { body: { content: json(MobilityBody) } },
  responses: { 201: { description: "added", content: json(Mobility) } },
});

router.openapi(
  mobilityAddRoute,
  async (c) => c.json((await addMobility(c.req.valid("json"), actorOf(c))).value, 201),
);

export const mobilityRecognizeRoute = apiRoute({
  method: "post",
  path: "/{id}/recognitions",
  operationId: "mobilityRecognize",
  permission: KEY,
  summary:
    "Recognizes a course taken during the exchange as one of ours: the transcript gets it (points, grade, " +
    "credits) in the same write; the same course in that semester again answers 409 duplicate",
  request: { params: MobilityParam, body: { content: json(RecognitionBody) } },
  responses: { 201: { description: "recognized", content: json(Recognition) } },
  errors: [409],
});

router.openapi(mobilityRecognizeRoute, async (c) => {
  const recognition = await recognizeCourse(c.req.valid("param").id, c.req.valid("json"), actorOf(c));
  return c.json(recognition, 201);
});

export default router;
