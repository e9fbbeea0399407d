import { renderToString } from "preact-render-to-string";
import { assert, assertEquals } from "../../tests/assert.ts";
import { translatorFor } from "../../services/languages/i18n.ts";
import { setActiveTranslator } from "../../utils/i18n.ts";
import { Dialog, DIALOG_WIDTH_CLASSES, type DialogWidth } from "./dialog.tsx";
import { ConfirmDialog } from "./confirm_dialog.tsx";
import { ErrorDialog } from "./error_dialog.tsx";
import { byId, tag, textOf } from "./testing_html.ts";

// Default labels come from the active language; these tests read the English ones.
setActiveTranslator("en", translatorFor("en"));

const noop = () => {};

Deno.test("each SPEC width maps to its own fixed width capped at 95vw", () => {
  const widths: DialogWidth[] = [300, 500, 600, 700, 800, 900];
  for (const width of widths) {
    const html = renderToString(<Dialog id="d" open title="T" width={width} onClose={noop}>x</Dialog>);
    const classes = tag(html, "dialog").class.split(" ");
    assert(classes.includes(`w-[${width}px]`), `width ${width}: ${classes}`);
    assert(classes.includes("max-w-[95vw]"));
    assertEquals(DIALOG_WIDTH_CLASSES[width], `w-[${width}px] max-w-[95vw]`);
  }
});

Deno.test("the dialog is named by its title and is never server-rendered open", () => {
  const html = renderToString(<Dialog id="pw" open title="Change password" onClose={noop}>body</Dialog>);
  const dialog = tag(html, "dialog");
  assertEquals(dialog["aria-labelledby"], "pw-title");
  assertEquals(textOf(html, "pw-title"), "Change password");
  // showModal() in the island opens it; an `open` attribute would make it non-modal and break showModal().
  assert(!("open" in dialog));
  assertEquals(tag(html, "button")["aria-label"], "Close");
});

Deno.test("a dialog not yet opened is sent empty: none of its title, fields or buttons are on the page", () => {
  const html = renderToString(
    <Dialog id="edit" open={false} title="Edit person" footer={<button type="submit">Save</button>}>
      <input id="edit-name" name="name" />
    </Dialog>,
  );
  const dialog = tag(html, "dialog");
  assertEquals(dialog.id, "edit");
  assert(!("aria-labelledby" in dialog), "no label pointing at a title that is not there");
  for (const absent of ["Edit person", "edit-name", "Save", "<button"]) {
    assertEquals(html.includes(absent), false, `${absent} is not sent before the dialog opens`);
  }
});

Deno.test("a non-closable dialog has no close button", () => {
  const html = renderToString(
    <Dialog id="consent" open title="Consent" closable={false} footer={<span>agree</span>}>text</Dialog>,
  );
  assertEquals(html.includes("<button"), false);
  assert(html.includes("<footer"), "footer slot rendered");
});

Deno.test("ConfirmDialog is an alertdialog described by its message, focus on 'no'", () => {
  const html = renderToString(
    <ConfirmDialog
      id="del"
      open
      title="Delete"
      message="Delete this course?"
      yesLabel="Yes"
      noLabel="No"
      onYes={noop}
      onNo={noop}
      danger
    />,
  );
  const dialog = tag(html, "dialog");
  assertEquals(dialog.role, "alertdialog");
  assertEquals(dialog["aria-describedby"], "del-message");
  assertEquals(textOf(html, "del-message"), "Delete this course?");
  const no = tag(html, "button", (b) => "autofocus" in b);
  assert(no.class.includes("btn-secondary"), "the autofocused button is the secondary 'no'");
  assert(tag(html, "button", (b) => b.class.includes("btn-danger")));
});

Deno.test("ConfirmDialog while busy: 'yes' spins, 'no' is disabled, no close button", () => {
  const html = renderToString(
    <ConfirmDialog
      id="c"
      open
      title="T"
      message="M"
      yesLabel="Yes"
      noLabel="No"
      onYes={noop}
      onNo={noop}
      busy
    />,
  );
  const buttons = [
    tag(html, "button", (b) => b["aria-busy"] === "true"),
    tag(html, "button", (b) => "autofocus" in b),
  ];
  for (const b of buttons) assert("disabled" in b);
  assertEquals(html.includes('aria-label="Close"'), false);
});

Deno.test("ErrorDialog shows the server message and the field errors", () => {
  const html = renderToString(
    <ErrorDialog
      id="err"
      message="Course code already exists"
      fieldErrors={{ code: "Duplicate", credit: "Must be positive" }}
      fieldLabels={{ code: "Code" }}
      title="Error"
      okLabel="OK"
      onClose={noop}
    />,
  );
  assertEquals(tag(html, "dialog").role, "alertdialog");
  assert(byId(html, "err-message"));
  assert(html.includes("Course code already exists"));
  assert(html.includes('<span class="font-medium">Code:</span> Duplicate'));
  assert(html.includes("Must be positive"));
});
