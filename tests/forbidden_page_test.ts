/**
 * The 403 page (issue 31 point 10): a page the person may not open is refused inside the shell — side menu
 * and top bar stay — and the refusal names the missing permission and whom to ask for it.
 */
import { assert, assertEquals, assertMatch } from "./assert.ts";
import { seededApp, tokenFor } from "./helpers.ts";

const app = await seededApp();

async function page(path: string, account: "prof" | "limited", lang: "ka" | "en" = "en") {
  const res = await app.request(path, {
    headers: {
      authorization: `Bearer ${await tokenFor(account)}`,
      cookie: `lang=${lang}`,
      accept: "text/html",
    },
  });
  return { status: res.status, html: await res.text() };
}

Deno.test("the 403 page", async (t) => {
  await t.step(
    "a professor opening /books is refused inside the shell, told the key and whom to ask",
    async () => {
      const { status, html } = await page("/books", "prof");
      assertEquals(status, 403);
      assert(html.includes('id="main"'), "the page region of the shell is there");
      assert(html.includes("Nino Beridze"), "the top bar names the person");
      assertMatch(html, /data-testid="forbidden-permission"[^>]*>menu\.learningProcesses\.learningCourses</);
      assertMatch(html, /administrator of users and roles/);
    },
  );

  await t.step("in Georgian too", async () => {
    const { status, html } = await page("/students", "limited", "ka");
    assertEquals(status, 403);
    assert(html.includes('id="main"'));
    assertMatch(html, />menu\.students</);
    assertMatch(html, /როლების ადმინისტრატორი/);
  });
});
