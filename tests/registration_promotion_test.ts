/**
 * A waitlisted student promoted by someone else's drop is told so (issue 19): one notification, in the reader's
 * language, linking to the registration page — and only once, however the drop is retried.
 */
import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { jsonRequest, seededApp, tokenFor } from "./helpers.ts";
import { waitUntil } from "./wait_until.ts";
import { startJobWorker } from "../services/operations/jobs.ts";
import { closeDb } from "../services/db/kv.ts";

Deno.test({
  name: "a promoted student is notified once, in their language",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async (t) => {
    const app = await seededApp();
    const worker = startJobWorker();
    const staff = await tokenFor("staff");
    const student = await tokenFor("student");
    const call = async (token: string, method: string, path: string, body?: unknown, lang = "en") => {
      const res = await app.request(
        path,
        jsonRequest(method, body, { authorization: `Bearer ${token}`, cookie: `lang=${lang}` }),
      );
      return { status: res.status, body: await res.json() };
    };
    const notifications = async (lang: string) =>
      (await call(student, "GET", "/api/notifications?unread=1&limit=100", undefined, lang)).body
        .data as { title: string; body: string; link: string }[];
    try {
      const offers = (await call(student, "GET", "/api/registration_offerings?limit=200")).body.data as {
        id: string;
        course: { name: string };
        seatsLeft: number;
        waitlisted: number;
        mine: unknown;
      }[];
      const full = offers.find((o) => !o.mine && o.seatsLeft === 0 && o.waitlisted > 0)!;
      assert(full, "the demo has a full section with a waitlist");
      const before = (await notifications("en")).length;

      await t.step("the student joins the waitlist and hears nothing yet", async () => {
        const wait = await call(student, "POST", "/api/registrations", { sectionId: full.id });
        assertEquals([wait.status, wait.body.status], [201, "waitlisted"]);
        assertEquals((await notifications("en")).length, before);
      });

      await t.step("drops ahead of them promote the waiting in order; the student is told", async () => {
        const holds =
          async () => ((await call(student, "GET", "/api/registrations/mine")).body.registrations as {
            studentId: number;
            sectionId: string;
            status: string;
          }[]);
        const studentId = (await holds())[0].studentId;
        // Each drop of an enrolled student promotes the first one waiting who still qualifies.
        for (let drops = 0; drops <= full.waitlisted; drops++) {
          const roster = (await call(staff, "GET", `/api/registration_rosters/${full.id}`)).body;
          const leaving = roster.enrolled.find((s: { studentId: number }) => s.studentId !== studentId);
          const path = `/api/registrations/${leaving.registrationId}/drop`;
          assertEquals((await call(staff, "POST", path, {})).status, 200);
          if ((await holds()).some((r) => r.sectionId === full.id && r.status === "enrolled")) break;
        }
        assert(
          (await holds()).some((r) => r.sectionId === full.id && r.status === "enrolled"),
          "the student now holds the seat",
        );
        await waitUntil(
          async () => (await notifications("en")).length === before + 1,
          "the promotion notification",
        );
        const [en] = await notifications("en");
        assertStringIncludes(en.title, "A seat is yours");
        assertStringIncludes(en.body, "first on its waitlist");
        assertEquals(en.link, "/registration");
        const [ka] = await notifications("ka");
        assertStringIncludes(ka.title, "ადგილი თქვენია");
      });
    } finally {
      await closeDb();
      await worker;
    }
  },
});
