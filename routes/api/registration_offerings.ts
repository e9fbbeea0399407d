/**
 * Sections of a semester (API.md: offeringList, offeringEdit). A student sees each section with their
 * eligibility, clash, the checks that would refuse them and their own registration; staff see the seats.
 */
import { apiRoute, createRouter } from "../../framework/api.ts";
import {
  OfferingEditBody,
  OfferingList,
  OfferingQuery,
  OfferingSettings,
  SectionParam,
} from "../../http/schemas/registration.ts";
import { REGISTRATION, REGISTRATION_MANAGE, stateOf } from "../../http/registration_actor.ts";
import { editOffering, listOfferings } from "../../services/registration/offerings.ts";
import { currentWindowGroup } from "../../services/registration/windows.ts";

const router = createRouter();

export const offeringListRoute = apiRoute({
  method: "get",
  path: "/",
  operationId: "offeringList",
  permission: REGISTRATION,
  summary: "A semester's sections (course, professor, lessons, capacity, enrolled, waitlisted, price in " +
    "tetri); for a student also eligibility per rule, clash, seatsLeft and every check that would refuse them",
  request: { query: OfferingQuery },
  responses: { 200: { description: "ok", content: { "application/json": { schema: OfferingList } } } },
});

router.openapi(
  offeringListRoute,
  async (c) => {
    const state = stateOf(c);
    const { groupId: asked, ...filter } = c.req.valid("query");
    const groupId = asked ?? await currentWindowGroup();
    if (groupId === null) return c.json({ data: [], total: 0, groupId: null, window: null }, 200);
    const result = await listOfferings(
      groupId,
      filter,
      { studentId: state.identity!.user.studentId },
      state.lang,
    );
    return c.json({
      ...result,
      groupId,
      data: result.data.map((row) => ({
        ...row,
        refusals: row.refusals?.map((r) => ({ check: r.check, message: state.t(r.key, r.params) })),
      })),
    }, 200);
  },
);

export const offeringEditRoute = apiRoute({
  method: "put",
  path: "/{sectionId}",
  operationId: "offeringEdit",
  permission: REGISTRATION_MANAGE,
  summary: "A section's capacity (null: its smallest room's) and whether it is closed to new registrations",
  request: {
    params: SectionParam,
    body: { required: true, content: { "application/json": { schema: OfferingEditBody } } },
  },
  responses: {
    200: { description: "saved", content: { "application/json": { schema: OfferingSettings } } },
  },
});

router.openapi(
  offeringEditRoute,
  async (c) =>
    c.json(
      await editOffering(c.req.valid("param").sectionId, c.req.valid("json"), stateOf(c).identity!.user.id),
      200,
    ),
);

export default router;
