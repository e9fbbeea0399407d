import { renderToString } from "preact-render-to-string";
import { assertEquals } from "../../tests/assert.ts";
import { collectIslands, rememberRendered } from "../../framework/islands.ts";
import { KeptRow } from "./kept_row.tsx";

interface Row {
  id: number;
  name: string;
}

/** A table of `rows` shown as `shown`; counts the rows rendered rather than taken from the cache. */
function table(rows: Row[], shown: string, counter: { renders: number }) {
  const { result, collector } = collectIslands(() =>
    renderToString(
      <table>
        <tbody>
          {rows.map((row) => (
            <KeptRow
              key={row.id}
              shown={shown}
              row={row}
              render={() => {
                counter.renders++;
                return (
                  <tr>
                    <td>{shown}</td>
                    <td>{row.name}</td>
                  </tr>
                );
              }}
            />
          ))}
        </tbody>
      </table>,
    ), "ka");
  return rememberRendered(result, collector);
}

const cells = (html: string) => [...html.matchAll(/<td>([^<]*)<\/td><td>([^<]*)<\/td>/g)].map((m) => m[2]);

Deno.test("kept table rows", async (t) => {
  const shown = `rows-${crypto.randomUUID()}`;

  await t.step("a frozen row's markup is rendered once, then taken from the cache", () => {
    const counter = { renders: 0 };
    const rows = [Object.freeze({ id: 1, name: "ნინო" }), Object.freeze({ id: 2, name: "გიორგი" })];
    const first = table(rows, shown, counter);
    const second = table(rows, shown, counter);
    assertEquals(counter.renders, 2);
    assertEquals(second, first);
    assertEquals(cells(second), ["ნინო", "გიორგი"]);
  });

  await t.step("a row replaced by a changed one shows the change", () => {
    const counter = { renders: 0 };
    const row = Object.freeze({ id: 3, name: "ანა" });
    table([row], shown, counter);
    const edited = Object.freeze({ ...row, name: "ანა მარია" });
    assertEquals(cells(table([edited], shown, counter)), ["ანა მარია"]);
    assertEquals(cells(table([row], shown, counter)), ["ანა"]);
  });

  await t.step("the same row shown two ways is kept once for each", () => {
    const counter = { renders: 0 };
    const row = Object.freeze({ id: 4, name: "ლევანი" });
    const a = table([row], `${shown}-a`, counter);
    const b = table([row], `${shown}-b`, counter);
    assertEquals([a.includes(`${shown}-a`), b.includes(`${shown}-b`), b.includes(`${shown}-a`)], [
      true,
      true,
      false,
    ]);
    table([row], `${shown}-a`, counter);
    assertEquals(counter.renders, 2);
  });

  await t.step("a row that is not frozen, changed in place, shows the change", () => {
    const counter = { renders: 0 };
    const row = { id: 5, name: "თამარი" };
    table([row], shown, counter);
    row.name = "თამარ";
    assertEquals(cells(table([row], shown, counter)), ["თამარ"]);
  });
});
