/**
 * Analytics (issue 22): the dashboard's figures, and students by citizenship with the students behind each
 * count. Citizenship is personal data: its operations need `menu.personalInfo.view.country` besides the tab's
 * key.
 */
import type { Context } from "hono";
import { apiRoute, createRouter } from "../../framework/api.ts";
import {
  CitizenshipQuery,
  Citizenships,
  CitizenshipStudents,
  CitizenshipStudentsQuery,
  Dashboard,
  DashboardQuery,
} from "../../http/schemas/analytics.ts";
import { stateOf } from "../../http/registration_actor.ts";
import { analyticsLabels } from "../../http/analytics_labels.ts";
import { citizenshipFigures, citizenshipStudents } from "../../services/analytics/citizenships.ts";
import { dashboard } from "../../services/analytics/dashboard.ts";
import { PERSONAL_FIELD_KEYS } from "../../services/identity/personal_data.ts";
import { citizenshipName, citizenshipOf } from "../../services/students/citizenship.ts";
import { studentStructure } from "../../services/students/list_index.ts";
import { forbidden } from "../../utils/errors.ts";

const router = createRouter();

export const DASHBOARD_KEY = "menu.reporting.analytics.dashboard";
export const ANALYTICS_KEY = "menu.reporting.analytics";
const COUNTRY_KEY = PERSONAL_FIELD_KEYS.citizenship;
const json = <S>(schema: S) => ({ description: "ok", content: { "application/json": { schema } } });

export const analyticsDashboardRoute = apiRoute({
  method: "get",
  path: "/dashboard",
  operationId: "analyticsDashboard",
  permission: DASHBOARD_KEY,
  summary: "Students by status, school, program, level and admission year; grade and GPA distributions per " +
    "school and program; a semester's section fill rates with the fullest and emptiest courses; money charged " +
    "and credited per month. Unknown school or semester, or a period ending before it starts: 422",
  request: { query: DashboardQuery },
  responses: { 200: json(Dashboard) },
});

// The JSON text of each answer object: the service hands back the same object while nothing changed.
const texts = new WeakMap<object, string>();

router.openapi(analyticsDashboardRoute, async (c) => {
  const state = stateOf(c);
  const answer = await dashboard(c.req.valid("query"), state.lang, analyticsLabels(state.t));
  let text = texts.get(answer);
  if (text === undefined) texts.set(answer, text = JSON.stringify(answer));
  return c.body(text, 200, { "content-type": "application/json" }) as unknown as ReturnType<
    typeof c.json<typeof answer, 200>
  >;
});

function requireCountryKey(c: Context) {
  if (!stateOf(c).auth.can(COUNTRY_KEY)) throw forbidden();
}

export const analyticsCitizenshipsRoute = apiRoute({
  method: "get",
  path: "/citizenships",
  operationId: "analyticsCitizenships",
  permission: ANALYTICS_KEY,
  summary: "Students by citizenship, largest first (also needs menu.personalInfo.view.country)",
  request: { query: CitizenshipQuery },
  responses: { 200: json(Citizenships) },
});

router.openapi(analyticsCitizenshipsRoute, async (c) => {
  requireCountryKey(c);
  return c.json(await citizenshipFigures(c.req.valid("query"), stateOf(c).lang), 200);
});

export const analyticsCitizenshipStudentsRoute = apiRoute({
  method: "get",
  path: "/citizenships/students",
  operationId: "analyticsCitizenshipStudents",
  permission: ANALYTICS_KEY,
  summary:
    "The students of one citizenship (every foreign student without `citizenship`), newest first, one " +
    "page (also needs menu.personalInfo.view.country)",
  request: { query: CitizenshipStudentsQuery },
  responses: { 200: json(CitizenshipStudents) },
});

router.openapi(analyticsCitizenshipStudentsRoute, async (c) => {
  requireCountryKey(c);
  const { page = 1, limit = 20, ...filter } = c.req.valid("query");
  const lang = stateOf(c).lang;
  const [found, structure] = await Promise.all([
    citizenshipStudents(filter, page, limit),
    studentStructure(),
  ]);
  return c.json({
    data: found.rows.map(({ student: s }) => {
      const program = structure.programs.get(s.programId);
      const code = citizenshipOf(s);
      return {
        id: s.id,
        firstNameKa: s.firstNameKa,
        lastNameKa: s.lastNameKa,
        firstNameEn: s.firstNameEn,
        lastNameEn: s.lastNameEn,
        programId: s.programId,
        program: program ? `${program.code} — ${lang === "en" ? program.nameEn : program.nameKa}` : "",
        status: s.status,
        admissionYear: s.admissionYear,
        citizenship: code,
        citizenshipName: citizenshipName(code, lang),
      };
    }),
    total: found.total,
  }, 200);
});

export default router;
