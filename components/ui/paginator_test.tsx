import { renderToString } from "preact-render-to-string";
import { assert, assertEquals } from "../../tests/assert.ts";
import { translatorFor } from "../../services/languages/i18n.ts";
import { setActiveTranslator } from "../../utils/i18n.ts";
import {
  DEFAULT_PAGE_SIZES,
  formatRange,
  pageAfterResize,
  pageSizeChoices,
  pageWindow,
  Paginator,
} from "./paginator.tsx";
import { tag, tags } from "./testing_html.ts";
import { collectIslands, rememberRendered } from "../../framework/islands.ts";

// Default labels come from the active language; these tests read the English ones.
setActiveTranslator("en", translatorFor("en"));

Deno.test("pageWindow computes from–to and the page count", () => {
  assertEquals(pageWindow(100, 1, 15), { page: 1, pageCount: 7, from: 1, to: 15 });
  assertEquals(pageWindow(100, 7, 15), { page: 7, pageCount: 7, from: 91, to: 100 });
  assertEquals(pageWindow(45, 3, 15), { page: 3, pageCount: 3, from: 31, to: 45 });
  assertEquals(pageWindow(46, 4, 15), { page: 4, pageCount: 4, from: 46, to: 46 });
});

Deno.test("pageWindow clamps bad pages and handles an empty list", () => {
  assertEquals(pageWindow(100, 99, 15).page, 7);
  assertEquals(pageWindow(100, 0, 15).page, 1);
  assertEquals(pageWindow(100, Number.NaN, 15).page, 1);
  assertEquals(pageWindow(0, 1, 15), { page: 1, pageCount: 1, from: 0, to: 0 });
  assertEquals(pageWindow(10, 1, 0).pageCount, 1, "a zero limit falls back to the default size");
});

Deno.test("page sizes: SPEC defaults, plus a caller's initial limit such as 10", () => {
  assertEquals([...DEFAULT_PAGE_SIZES], [15, 20, 40, 80, 160, 320, 1000]);
  assertEquals(pageSizeChoices(DEFAULT_PAGE_SIZES, 15), [15, 20, 40, 80, 160, 320, 1000]);
  assertEquals(pageSizeChoices(DEFAULT_PAGE_SIZES, 10), [10, 15, 20, 40, 80, 160, 320, 1000]);
});

Deno.test("changing the page size keeps the first visible row in view", () => {
  assertEquals(pageAfterResize(3, 15, 40), 1); // row 31 is on page 1 of 40
  assertEquals(pageAfterResize(7, 15, 40), 3); // row 91 → page 3
  assertEquals(pageAfterResize(2, 40, 15), 3); // row 41 → page 3
  assertEquals(formatRange("{from}–{to} of {total}", pageWindow(100, 2, 15), 100), "16–30 of 100");
});

Deno.test("link mode: first/previous disabled on page 1, links carry page and limit", () => {
  const html = renderToString(
    <Paginator
      id="p"
      total={100}
      page={1}
      limit={15}
      hrefFor={(page, limit) => `/books?page=${page}&limit=${limit}`}
    />,
  );
  const link = (label: string) => tag(html, "a", (a) => a["aria-label"] === label);
  assertEquals(link("First page").href, undefined);
  assertEquals(link("First page")["aria-disabled"], "true");
  assertEquals(link("Previous page").href, undefined);
  assertEquals(link("Next page").href, "/books?page=2&amp;limit=15");
  assertEquals(link("Last page").href, "/books?page=7&amp;limit=15");
  assert(html.includes("1–15 of 100"));
  const sizeLinks = tags(html, "a").filter((a) => a.href?.includes("page=1&amp;limit="));
  assertEquals(sizeLinks.map((a) => a.href.split("limit=")[1]), [
    "15",
    "20",
    "40",
    "80",
    "160",
    "320",
    "1000",
  ]);
  assertEquals(tag(html, "nav")["aria-label"], "Pagination");
});

Deno.test("callback mode: buttons and a labelled size select with the current size selected", () => {
  const html = renderToString(
    <Paginator
      id="links"
      total={25}
      page={3}
      limit={10}
      onChange={() => {}}
      labels={{ range: "{from}-{to} / {total}" }}
    />,
  );
  assert(html.includes("21-25 / 25"));
  assert("disabled" in tag(html, "button", (b) => b["aria-label"] === "Next page"));
  assert(!("disabled" in tag(html, "button", (b) => b["aria-label"] === "Previous page")));
  assertEquals(tag(html, "label").for, "links-size");
  const options = tags(html, "option");
  assertEquals(options.map((o) => o.value), ["10", "15", "20", "40", "80", "160", "320", "1000"]);
  assertEquals(options.filter((o) => "selected" in o).map((o) => o.value), ["10"]);
});

Deno.test("link mode on the server: kept markup is what a fresh render gives, for each page and filter", () => {
  const scope = `paginator-test-${crypto.randomUUID()}`;
  type Shown = { total: number; page: number; text: string };
  const paginator = ({ total, page, text }: Shown) => (
    <Paginator
      id="p"
      total={total}
      page={page}
      hrefFor={(to, limit) => `/x?text=${text}&page=${to}&limit=${limit}`}
    />
  );
  const page = (props: Shown) => {
    const { result, collector } = collectIslands(() => renderToString(paginator(props)), scope);
    return rememberRendered(result, collector);
  };
  const fresh = (props: Shown) => renderToString(paginator(props));
  const cases = [
    { total: 100, page: 1, text: "a" },
    { total: 100, page: 2, text: "a" },
    { total: 100, page: 2, text: "b" },
    { total: 101, page: 2, text: "b" },
  ];
  for (const props of cases) page(props);
  for (const props of cases) assertEquals(page(props), fresh(props), JSON.stringify(props));
  assert(page(cases[1]).includes("16–30 of 100"));
  assert(page(cases[3]).includes("/x?text=b&amp;page=7&amp;limit=15"), "the last page follows the total");
});
