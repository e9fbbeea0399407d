import { renderToString } from "preact-render-to-string";
import { assert, assertEquals } from "../../tests/assert.ts";
import { DataTable, type DataTableColumn } from "./data_table.tsx";
import { tag, tags } from "./testing_html.ts";

interface Book {
  id: number;
  name: string;
  credit: number | null;
}

const COLUMNS: DataTableColumn<Book>[] = [
  { key: "id", header: "ID", class: "w-16" },
  { key: "name", header: "Name", render: (b) => <strong>{b.name}</strong> },
  { key: "credit", header: "Credit", class: "text-end" },
];

Deno.test("headers are column headers; cells use render() or the row's property", () => {
  const rows = [{ id: 7, name: "Algebra", credit: 6 }, { id: 8, name: "Logic", credit: null }];
  const html = renderToString(<DataTable columns={COLUMNS} rows={rows} emptyText="None" caption="Courses" />);
  assertEquals(tags(html, "th").map((th) => th.scope), ["col", "col", "col"]);
  assert(html.includes('<caption class="sr-only">Courses</caption>'));
  assertEquals(tags(html, "tr").length, 3);
  assert(html.includes("<strong>Algebra</strong>"));
  assert(html.includes(">6</td>"));
  assert(/data-label="Credit">\s*<\/td>/.test(html), "null shows as an empty cell");
  assertEquals(
    tags(html, "td")[1]["data-label"],
    "Name",
    "a cell names its column (the phone's stacked cards)",
  );
  assert(
    tags(html, "td").filter((td) => td.class.includes("w-16")).length === 2,
    "column class on every cell",
  );
  assertEquals(html.includes("None"), false);
  assertEquals(tag(html, "table")["aria-busy"], undefined);
  const creditHeader = tags(html, "th")[2].class.split(" ");
  assert(creditHeader.includes("text-end") && !creditHeader.includes("text-start"), "column alignment wins");
  assert(tags(html, "th")[0].class.split(" ").includes("text-start"));
});

Deno.test("no rows: one full-width row with the empty text", () => {
  const html = renderToString(<DataTable columns={COLUMNS} rows={[]} emptyText="No courses found" />);
  assertEquals(tag(html, "td").colspan, "3");
  assert(html.includes("No courses found"));
});

Deno.test("loading: the table is busy and a status announces it", () => {
  const empty = renderToString(
    <DataTable columns={COLUMNS} rows={[]} emptyText="None" loading loadingText="Loading…" />,
  );
  assertEquals(tag(empty, "table")["aria-busy"], "true");
  assert(empty.includes('role="status"') && empty.includes("Loading…"));
  assertEquals(empty.includes("None"), false);

  const rows = [{ id: 1, name: "A", credit: 1 }];
  const stale = renderToString(<DataTable columns={COLUMNS} rows={rows} emptyText="None" loading />);
  assert(stale.includes("<strong>A</strong>"), "previous rows stay visible while loading");
  assert(stale.includes('role="status"'));
});
