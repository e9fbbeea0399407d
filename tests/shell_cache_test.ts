/**
 * The shell is built once per stored menu, permission set and guard and reused (services/shell/person_menu.ts,
 * the islands' HTML cache): these steps prove that reuse never shows one person another's side menu, and that a
 * permission change shows on that person's next page.
 */
import { assert, assertEquals, assertNotEquals } from "./assert.ts";
import { seededApp, tokenFor } from "./helpers.ts";
import { findUserByEmail, permissionsOf } from "../services/identity/users.ts";
import { editRole, listRoles } from "../services/identity/role_admin.ts";
import { identify } from "../services/identity/auth.ts";
import { revokeSession } from "../services/identity/sessions.ts";
import { DEMO_ACCOUNTS } from "../services/seed/accounts.ts";
import { menuFor } from "../services/shell/menu.ts";
import { loadMenu } from "../services/shell/menu_store.ts";
import type { MenuItem } from "../utils/menu.ts";

const ids = (items: MenuItem[]): number[] => items.flatMap((i) => [i.id, ...ids(i.children ?? [])]);

/** The menu ids a page's side menu shows, in menu order (the page carries the menu only as its markup). */
function shownMenu(html: string): number[] {
  const start = html.indexOf('<aside class="');
  const end = html.indexOf("</aside>", start);
  assert(start !== -1 && end !== -1, "the page has a side menu");
  // A link names its item in data-menu-id; a group's button in its id.
  return [...html.slice(start, end).matchAll(/data-menu-id="(\d+)"| id="menu-group-(\d+)"/g)]
    .map((m) => Number(m[1] ?? m[2]));
}

/** What the person's permissions alone allow, computed without any cache. */
async function expectedMenu(email: string): Promise<number[]> {
  const user = (await findUserByEmail(email))!;
  const permissions = await permissionsOf(user);
  const { tree } = await loadMenu();
  return ids(menuFor(tree, (key) => permissions.has(key), user.guard));
}

// Opened before the test, as the other suites do: the KV stays open for the process (Deno 2.5's resource
// sanitizer counts a database opened inside a test and left open as a leak).
const app = await seededApp();

Deno.test("the cached shell is each person's own", async (t) => {
  const people = {
    staff: { email: DEMO_ACCOUNTS.staff.email, cookie: `session=${await tokenFor("staff")}` },
    limited: { email: DEMO_ACCOUNTS.limited.email, cookie: `session=${await tokenFor("limited")}` },
  };
  const page = async (who: keyof typeof people, path = "/my-devices") => {
    const response = await app.request(path, { headers: { cookie: people[who].cookie } });
    assertEquals(response.status, 200);
    return shownMenu(await response.text());
  };

  await t.step("two people with different permissions, in turn, each see only their own menu", async () => {
    const staff = await expectedMenu(people.staff.email);
    const limited = await expectedMenu(people.limited.email);
    assertNotEquals(staff, limited);
    for (const path of ["/my-devices", "/my-devices", "/books", "/my-devices"]) {
      for (const who of ["staff", "limited", "limited", "staff"] as const) {
        assertEquals(await page(who, path), who === "staff" ? staff : limited, `${who}'s menu on ${path}`);
      }
    }
  });

  await t.step("a permission granted to a role shows on its holder's next page", async () => {
    const viewer = (await listRoles()).find((r) => r.keys.length === 4 && r.keys.includes("menu.hr"))!;
    const before = await page("limited");
    const admin = (await findUserByEmail(DEMO_ACCOUNTS.admin.email))!;
    await editRole(viewer.id, { name: viewer.name, keys: [...viewer.keys, "menu.table"] }, admin.id);
    const expected = await expectedMenu(people.limited.email);
    assert(expected.length > before.length, "the new key opens a menu item");
    assertEquals(await page("limited"), expected);
    // The other person, whose permissions did not change, sees what they saw.
    assertEquals(await page("staff"), await expectedMenu(people.staff.email));
  });

  await t.step("and taken away, it is gone from the next page", async () => {
    const viewer = (await listRoles()).find((r) => r.keys.includes("menu.table") && r.keys.length === 5)!;
    const admin = (await findUserByEmail(DEMO_ACCOUNTS.admin.email))!;
    await editRole(
      viewer.id,
      { name: viewer.name, keys: viewer.keys.filter((k) => k !== "menu.table") },
      admin.id,
    );
    assertEquals(await page("limited"), await expectedMenu(people.limited.email));
  });

  await t.step("a session ended after its pages were served leads its next page to sign-in", async () => {
    // The process knows whose session this token names, so the page starts the shell's reads before the
    // session's check: the check still decides.
    const token = await tokenFor("staff");
    const open = () => app.request("/my-devices", { headers: { cookie: `session=${token}` } });
    assertEquals((await open()).status, 200);
    const sid = (await identify(token))!.session.sid;
    assert(await revokeSession(sid));
    const after = await open();
    assertEquals([after.status, after.headers.get("location")], [303, "/login?next=%2Fmy-devices"]);
  });
});
