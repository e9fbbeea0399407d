import { renderToString } from "preact-render-to-string";
import { assert, assertEquals } from "../../tests/assert.ts";
import { Fab } from "./fab.tsx";
import { FilterPanel } from "./filter_panel.tsx";
import { ProgressBar } from "./progress_bar.tsx";
import { Spinner } from "./spinner.tsx";
import { tag } from "./testing_html.ts";

Deno.test("ProgressBar reports its value, clamped, and nothing when indeterminate", () => {
  const bar = tag(renderToString(<ProgressBar value={42.4} label="Uploading" />), "progress");
  assertEquals(bar.role, "progressbar");
  assertEquals(bar["aria-label"], "Uploading");
  assertEquals([bar.value, bar["aria-valuenow"], bar["aria-valuemin"], bar["aria-valuemax"]], [
    "42",
    "42",
    "0",
    "100",
  ]);
  assertEquals(
    tag(renderToString(<ProgressBar value={140} label="x" />), "progress")["aria-valuenow"],
    "100",
  );
  const busy = tag(renderToString(<ProgressBar label="Working" />), "progress");
  assertEquals(busy.value, undefined, "no value attribute means indeterminate");
  assertEquals(busy["aria-valuenow"], undefined);
});

Deno.test("FilterPanel: a disclosure button controlling the body, actions beside it", () => {
  const open = renderToString(
    <FilterPanel id="f" title="Filters" actions={<button type="button">Export</button>}>fields</FilterPanel>,
  );
  const toggle = tag(open, "button", (b) => b.id === "f-toggle");
  assertEquals(toggle["aria-expanded"], "true");
  assertEquals(toggle["aria-controls"], "f-body");
  assert(!("hidden" in tag(open, "div", (d) => d.id === "f-body")));
  assert(open.includes("Export"));

  const closed = renderToString(<FilterPanel id="f" title="Filters" defaultOpen={false}>fields</FilterPanel>);
  assertEquals(tag(closed, "button")["aria-expanded"], "false");
  assert("hidden" in tag(closed, "div", (d) => d.id === "f-body"));
});

// Where it floats (beside the chat launcher, covering nothing) is tests/e2e/floating_test.ts's to check.
Deno.test("Fab is a labelled link or button that floats", () => {
  const link = tag(renderToString(<Fab href="/books/new" label="Add course" />), "a");
  assertEquals([link.href, link["aria-label"]], ["/books/new", "Add course"]);
  assert(link.class.includes("fixed"));
  const button = tag(renderToString(<Fab onClick={() => {}} label="Add" />), "button");
  assertEquals([button.type, button["aria-label"]], ["button", "Add"]);
});

Deno.test("Spinner is decorative unless it has a label", () => {
  assertEquals(renderToString(<Spinner />).includes('role="status"'), false);
  const html = renderToString(<Spinner label="Loading" />);
  assert(html.includes('role="status"') && html.includes('<span class="sr-only">Loading</span>'));
});
