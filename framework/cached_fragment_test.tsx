import { renderToString } from "preact-render-to-string";
import { assertEquals } from "../tests/assert.ts";
import { CachedFragment, collectIslands, rememberRendered } from "./islands.ts";

function page(cacheKey: string, counter: { renders: number }, scope: string | null = "ka") {
  const { result, collector } = collectIslands(() =>
    renderToString(
      <div>
        <CachedFragment
          cacheKey={cacheKey}
          render={() => {
            counter.renders++;
            return (
              <select name="x">
                <option>{cacheKey}</option>
              </select>
            );
          }}
        />
      </div>,
    ), scope);
  return rememberRendered(result, collector);
}

Deno.test("cached server markup", async (t) => {
  const key = `test-${crypto.randomUUID()}`;
  await t.step("the second render reuses the first one's HTML without rendering", () => {
    const counter = { renders: 0 };
    const first = page(key, counter);
    const second = page(key, counter);
    assertEquals(counter.renders, 1);
    assertEquals(second, `<div><select name="x"><option>${key}</option></select></div>`);
    assertEquals(first, second, "the page rendered afresh is the page served from the cache");
  });
  await t.step("another key or another scope renders afresh", () => {
    const counter = { renders: 0 };
    page(`${key}-other`, counter);
    page(key, counter, "en");
    assertEquals(counter.renders, 2);
  });
  await t.step(
    "a fragment kept with a fragment inside it does not lend its markers to a later render",
    () => {
      const render = (...next: string[]) => {
        const { result, collector } = collectIslands(() =>
          renderToString(
            <div>
              <CachedFragment
                cacheKey={`${key}-outer`}
                render={() => (
                  <p>{<CachedFragment cacheKey={`${key}-inner`} render={() => <b>inner</b>} />}</p>
                )}
              />
              {next.map((n) => <CachedFragment key={n} cacheKey={`${key}-${n}`} render={() => <i>{n}</i>} />)}
            </div>,
          ), "ka");
        return rememberRendered(result, collector);
      };
      render();
      // The outer fragment now comes from the cache with its inner one's markers, as the second new one's would be.
      assertEquals(render("a", "b"), "<div><p><b>inner</b></p><i>a</i><i>b</i></div>");
      // What was kept for each is what was rendered for it.
      assertEquals(render("a", "b"), "<div><p><b>inner</b></p><i>a</i><i>b</i></div>");
    },
  );

  await t.step("without a scope nothing is cached", () => {
    const counter = { renders: 0 };
    page(key, counter, null);
    page(key, counter, null);
    assertEquals(counter.renders, 2);
  });
});
