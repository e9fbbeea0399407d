import { renderToString } from "preact-render-to-string";
import { assert, assertEquals } from "../../tests/assert.ts";
import { DateInput } from "./date_input.tsx";
import { tag } from "./testing_html.ts";

Deno.test("DateInput shows DD-MMM-YYYY, submits YYYY-MM-DD and labels its text field", () => {
  const html = renderToString(
    <DateInput id="start" name="start_date" label="Start" value="2026-03-05" pickerLabel="Choose a date" />,
  );
  assertEquals(tag(html, "label").for, "start");
  const text = tag(html, "input", (a) => a.id === "start");
  assertEquals(text.type, "text");
  assertEquals(text.value, "05-Mar-2026");
  assert(!("name" in text), "only the hidden field is submitted");
  const hidden = tag(html, "input", (a) => a.type === "hidden");
  assertEquals(hidden.name, "start_date");
  assertEquals(hidden.value, "2026-03-05");
  const picker = tag(html, "input", (a) => a.type === "date");
  assertEquals(picker.value, "2026-03-05");
  assertEquals(picker.tabindex, "-1");
  assertEquals(picker["aria-hidden"], "true");
  assertEquals(tag(html, "button")["aria-label"], "Choose a date");
});

Deno.test("DateInput without a value is empty and valid; with an error it is invalid", () => {
  const empty = renderToString(<DateInput id="d" name="d" label="Date" pickerLabel="Pick" />);
  assertEquals(tag(empty, "input", (a) => a.id === "d").value, "");
  assertEquals(tag(empty, "input", (a) => a.id === "d")["aria-invalid"], undefined);
  const wrong = renderToString(<DateInput id="d" label="Date" pickerLabel="Pick" error="Required" />);
  assertEquals(tag(wrong, "input", (a) => a.id === "d")["aria-invalid"], "true");
  assertEquals(tag(wrong, "input", (a) => a.id === "d")["aria-describedby"], "d-error");
});
