/**
 * A client as a third party builds it (issue 30, "contract tests"): openapi-fetch typed by the types
 * openapi-typescript generates from /api/openapi.json (openapi.gen.ts, `deno task api-types`). It type-checks
 * without a cast and drives resources as a partner system would: sign in, list with filters, add, get, edit with
 * the versionstamp read (and a 409 with a stale one), remove. A change to the API that breaks such a client
 * fails the type check or a step here.
 */
import createClient from "openapi-fetch";
import type { paths } from "./openapi.gen.ts";
import { assert, assertEquals } from "../assert.ts";
import { seededApp } from "../helpers.ts";
import { DEMO_ACCOUNTS } from "../../services/seed/accounts.ts";

const app = await seededApp();
/** Requests go to the app in this process, as they would over the network. */
const fetch = (request: Request) => Promise.resolve(app.fetch(request));
const anonymous = createClient<paths>({ baseUrl: "http://localhost", fetch });

Deno.test("a generated client (openapi-typescript + openapi-fetch)", async (t) => {
  let token = "";
  await t.step("signs in with authLogin and uses the token as a Bearer", async () => {
    const { admin } = DEMO_ACCOUNTS;
    const { data, error, response } = await anonymous.POST("/api/auth/login", {
      body: { login: admin.email, password: admin.password },
    });
    assertEquals(response.status, 200, JSON.stringify(error));
    assert(data?.token);
    token = data.token;
  });
  const client = () =>
    createClient<paths>({
      baseUrl: "http://localhost",
      fetch,
      headers: { authorization: `Bearer ${token}` },
    });

  await t.step(
    "courses: list with filters, add, get, edit with the versionstamp (409 when stale), remove",
    async () => {
      const api = client();
      const list = await api.GET("/api/books", {
        params: { query: { status: "active", limit: 5, page: 1 } },
      });
      assertEquals(list.response.status, 200);
      assert(list.data && list.data.data.every((row) => row.status === "active"));

      const added = await api.POST("/api/books", {
        body: { name: "Contract test course", credit: 5, status: "active", langCode: "geo", type: 1 },
      });
      assertEquals(added.response.status, 201, JSON.stringify(added.error));
      const id = added.data!.id;

      const read = await api.GET("/api/books/{id}", { params: { path: { id } } });
      assertEquals(read.data?.name, "Contract test course");
      const book = read.data!;

      // The record as read, changed and sent back: its server-owned fields are accepted and ignored.
      const edited = await api.PUT("/api/books/{id}", {
        params: { path: { id } },
        body: { ...book, name: "Contract test course, edited" },
      });
      assertEquals(edited.response.status, 200, JSON.stringify(edited.error));
      assertEquals(edited.data?.name, "Contract test course, edited");

      const stale = await api.PUT("/api/books/{id}", {
        params: { path: { id } },
        body: { ...book, name: "A stale edit" },
      });
      assertEquals(stale.response.status, 409);
      assertEquals(stale.error?.error.code, "conflict");

      const removed = await api.DELETE("/api/books/{id}", {
        params: { path: { id }, query: { versionstamp: edited.data!.versionstamp } },
      });
      assertEquals(removed.response.status, 200, JSON.stringify(removed.error));
      const gone = await api.GET("/api/books/{id}", { params: { path: { id } } });
      assertEquals(gone.response.status, 404);
    },
  );

  await t.step("rooms: add, list, edit with the versionstamp (409 when stale), remove", async () => {
    const api = client();
    const added = await api.POST("/api/auditoriums", {
      body: { name: "Contract room", building: "Main", capacity: 30 },
    });
    assertEquals(added.response.status, 201, JSON.stringify(added.error));
    const room = added.data!;
    const list = await api.GET("/api/auditoriums");
    assert(list.data?.data.some((row) => row.id === room.id));
    const edited = await api.PUT("/api/auditoriums/{id}", {
      params: { path: { id: room.id } },
      body: { ...room, capacity: 40 },
    });
    assertEquals(edited.response.status, 200, JSON.stringify(edited.error));
    const stale = await api.PUT("/api/auditoriums/{id}", {
      params: { path: { id: room.id } },
      body: { ...room, capacity: 50 },
    });
    assertEquals(stale.response.status, 409);
    const removed = await api.DELETE("/api/auditoriums/{id}", {
      params: { path: { id: room.id }, query: { versionstamp: edited.data!.versionstamp } },
    });
    assertEquals(removed.response.status, 200, JSON.stringify(removed.error));
  });

  await t.step("a body-less POST needs nothing but the token", async () => {
    const refreshed = await client().POST("/api/auth/refresh-permissions");
    assertEquals(refreshed.response.status, 200);
  });
});
