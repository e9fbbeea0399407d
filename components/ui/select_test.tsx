import { renderToString } from "preact-render-to-string";
import { assert, assertEquals } from "../../tests/assert.ts";
import { MultiSelect, Select } from "./select.tsx";
import { tag, tags } from "./testing_html.ts";

const STATUSES = [{ value: "1", label: "Active" }, { value: "2", label: "Closed" }];
const LANGUAGES = [
  { value: "de", label: "German" },
  { value: "en", label: "English" },
  { value: "fr", label: "French" },
  { value: "ru", label: "Russian" },
];

Deno.test("Select: label for matches the select, placeholder first, current value selected", () => {
  const html = renderToString(
    <Select id="status" name="status" label="Status" placeholder="All" options={STATUSES} value="2" />,
  );
  assertEquals(tag(html, "label").for, "status");
  assertEquals(tag(html, "select").id, "status");
  const options = tags(html, "option");
  assertEquals(options.map((o) => o.value), ["", "1", "2"]);
  assert("selected" in options[2] && !("selected" in options[1]));
});

Deno.test("Select: neighbours of one group are listed under one heading; options without a group are not", () => {
  const html = renderToString(
    <Select
      id="room"
      label="Room"
      options={[
        { value: "9", label: "Library" },
        { value: "1", label: "I-101", group: "Building I" },
        { value: "2", label: "I-102", group: "Building I" },
        { value: "3", label: "II-101", group: "Building II" },
      ]}
      value="2"
    />,
  );
  assertEquals(tags(html, "optgroup").map((g) => g.label), ["Building I", "Building II"]);
  const underI = html.slice(html.indexOf('label="Building I"'), html.indexOf('label="Building II"'));
  assertEquals(tags(underI, "option").map((o) => o.value), ["1", "2"]);
  assert(html.indexOf('value="9"') < html.indexOf("<optgroup"), "the ungrouped option stays first, outside");
  assert("selected" in tags(html, "option").find((o) => o.value === "2")!);
});

Deno.test("Select: error sets aria-invalid and describes the select", () => {
  const select = tag(
    renderToString(<Select id="t" label="Type" options={STATUSES} error="Choose one" />),
    "select",
  );
  assertEquals(select["aria-invalid"], "true");
  assertEquals(select["aria-describedby"], "t-error");
});

Deno.test("MultiSelect: one labelled checkbox per option, value checked, name submitted", () => {
  const html = renderToString(
    <MultiSelect
      id="lang"
      name="language"
      label="Language"
      options={LANGUAGES}
      value={["fr", "en"]}
      placeholder="All"
    />,
  );
  const boxes = tags(html, "input");
  assertEquals(boxes.length, 4);
  for (const box of boxes) {
    assertEquals(box.type, "checkbox");
    assertEquals(box.name, "language");
    assertEquals(tag(html, "label", (l) => l.for === box.id).for, box.id);
  }
  assertEquals(boxes.filter((b) => "checked" in b).map((b) => b.value), ["en", "fr"]);
  // The closed control names itself with the field label and the choice, in the options' order.
  const summary = tag(html, "summary");
  assertEquals(summary["aria-labelledby"], "lang-label lang");
  assert(html.includes("English, French"));
});

Deno.test("MultiSelect: nothing chosen shows the placeholder; error marks it invalid", () => {
  const html = renderToString(
    <MultiSelect id="l" label="Language" options={LANGUAGES} placeholder="All" error="Pick one" />,
  );
  assert(html.includes(">All</span>"));
  assertEquals(tags(html, "input").filter((b) => "checked" in b).length, 0);
  assertEquals(tag(html, "summary")["aria-invalid"], "true");
  assertEquals(tag(html, "summary")["aria-describedby"], "l-error");
});
