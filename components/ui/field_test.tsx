import { renderToString } from "preact-render-to-string";
import { assert, assertEquals } from "../../tests/assert.ts";
import { NumberInput, Textarea, TextInput } from "./field.tsx";
import { Button } from "./button.tsx";
import { tag } from "./testing_html.ts";

Deno.test("TextInput ties its label to the input and has no error state by default", () => {
  const html = renderToString(<TextInput id="book-name" name="name" label="Name" />);
  const label = tag(html, "label");
  const input = tag(html, "input");
  assertEquals(label.for, "book-name");
  assertEquals(input.id, "book-name");
  assertEquals(input.name, "name");
  assertEquals(input.type, "text");
  assertEquals(input["aria-invalid"], undefined);
  assertEquals(input["aria-describedby"], undefined);
});

Deno.test("an error marks the control invalid and is read with it", () => {
  const html = renderToString(
    <TextInput id="code" label="Code" hint="Letters and digits" error="Too long" />,
  );
  const input = tag(html, "input");
  assertEquals(input["aria-invalid"], "true");
  assertEquals(input["aria-describedby"], "code-hint code-error");
  const error = tag(html, "p", (a) => a.id === "code-error");
  assert(error.class.includes("text-danger-700"), "error text is red");
  assert(html.includes(">Too long</p>"));
});

Deno.test("NumberInput and Textarea follow the same pattern", () => {
  const number = renderToString(<NumberInput id="credit" label="Credit" min={0} error="Required" required />);
  const input = tag(number, "input");
  assertEquals(input.type, "number");
  assertEquals(input["aria-invalid"], "true");
  assert("required" in input);
  assertEquals(tag(number, "label").for, "credit");
  assert(number.includes('aria-hidden="true">*</span>'), "required mark is decorative");

  const area = renderToString(<Textarea id="note" label="Note" hint="Optional" />);
  assertEquals(tag(area, "textarea").id, "note");
  assertEquals(tag(area, "textarea")["aria-describedby"], "note-hint");
  assertEquals(tag(area, "label").for, "note");
});

Deno.test("Button defaults to type=button; loading disables it and marks it busy", () => {
  const idle = tag(renderToString(<Button>Save</Button>), "button");
  assertEquals(idle.type, "button");
  assert(!("disabled" in idle));
  assert(idle.class.includes("btn-primary"));

  const html = renderToString(<Button type="submit" variant="danger" loading>Delete</Button>);
  const busy = tag(html, "button");
  assertEquals(busy.type, "submit");
  assert("disabled" in busy);
  assertEquals(busy["aria-busy"], "true");
  assert(busy.class.includes("btn-danger"));
  assert(html.includes("animate-spin"), "spinner shown");
});

Deno.test("icon buttons are square and keep their aria-label", () => {
  const button = tag(renderToString(<Button variant="icon" aria-label="Edit">✎</Button>), "button");
  assertEquals(button["aria-label"], "Edit");
  assert(button.class.includes("size-10") && !button.class.includes("btn-md"));
});
