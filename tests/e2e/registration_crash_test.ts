/**
 * kill -9 in the middle of a registration race (issue 19): 200 registrations for a section of 30 seats are in
 * flight when the server process is killed; after a restart on the same KV the section's seat counter equals
 * its roster, its waitlist count equals its waitlist, positions are unique and in order, and no more than 30
 * are enrolled. The race then finishes on the restarted server with exactly 30 enrolled.
 */
import { assert, assertEquals } from "../assert.ts";
import { ROOT } from "../serve_flags.ts";
import { startServer, type TestServer } from "./harness.ts";

const SEATS = 30;

async function staffToken(server: TestServer): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify({ login: "staff@uni.test", password: "Staff-Demo-2026" }),
  });
  return (await res.json()).token;
}

function client(server: TestServer, token: string) {
  return async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", origin: server.url },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json().catch(() => null) };
  };
}

interface Roster {
  capacity: number;
  enrolled: { studentId: number }[];
  waitlist: { studentId: number; position: number }[];
}

async function assertConsistent(call: ReturnType<typeof client>, sectionId: string) {
  const roster = (await call("GET", `/api/registration_rosters/${sectionId}`)).body as Roster;
  const code = sectionId;
  const offer = ((await call("GET", "/api/registration_offerings?limit=200")).body.data as {
    id: string;
    enrolled: number;
    waitlisted: number;
  }[]).find((o) => o.id === code)!;
  assertEquals(offer.enrolled, roster.enrolled.length, "the seat counter equals the roster");
  assertEquals(offer.waitlisted, roster.waitlist.length, "the waitlist counter equals the waitlist");
  assert(roster.enrolled.length <= SEATS, `${roster.enrolled.length} enrolled in ${SEATS} seats`);
  const positions = roster.waitlist.map((w) => w.position);
  assertEquals(positions, [...positions].sort((a, b) => a - b));
  assertEquals(new Set(positions).size, positions.length);
  const everyone = [...roster.enrolled, ...roster.waitlist].map((s) => s.studentId);
  assertEquals(new Set(everyone).size, everyone.length, "nobody is both enrolled and waiting");
  return roster;
}

Deno.test({
  name: "registration: kill -9 during a race leaves counters, rosters and waitlists consistent",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    let server = await startServer();
    const kvDir = server.kvDir;
    try {
      let call = client(server, await staffToken(server));
      const offers = (await call("GET", "/api/registration_offerings?limit=200")).body.data as {
        id: string;
        enrolled: number;
      }[];
      const section = offers.find((o) => o.enrolled === 0)!.id;
      assertEquals(
        (await call("PUT", `/api/registration_offerings/${section}`, { capacity: SEATS, closed: false }))
          .status,
        200,
      );
      const register = (studentId: number) =>
        call("POST", "/api/registrations", { sectionId: section, studentId, override: true, reason: "race" })
          .catch(() => ({ status: 0, body: null }));

      await t.step("the server is killed while 200 registrations race", async () => {
        const racing = Array.from({ length: 200 }, (_, i) => register(i + 1));
        await new Promise((r) => setTimeout(r, 150));
        await server.crash();
        const answered = (await Promise.all(racing)).filter((r) => r.status === 201).length;
        assert(answered < 200, "the kill came before every registration was answered");
      });

      await t.step("after a restart the section is consistent", async () => {
        server = await startServer({}, { kvDir });
        call = client(server, await staffToken(server));
        await assertConsistent(call, section);
      });

      await t.step("the race finishes on the restarted server: exactly 30 enrolled", async () => {
        const results = await Promise.all(Array.from({ length: 200 }, (_, i) => register(i + 1)));
        assert(
          results.every((r) => r.status === 201 || r.status === 409),
          JSON.stringify(results.find((r) => r.status !== 201 && r.status !== 409)),
        );
        const roster = await assertConsistent(call, section);
        assertEquals(roster.enrolled.length, SEATS);
        assertEquals(roster.enrolled.length + roster.waitlist.length, 200);
      });
    } finally {
      await server.stop();
      await Deno.remove(`${ROOT}/data/${kvDir}`, { recursive: true }).catch(() => {});
    }
  },
});
