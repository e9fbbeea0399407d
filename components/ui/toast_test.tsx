import { renderToString } from "preact-render-to-string";
import { assert, assertEquals } from "../../tests/assert.ts";
import { createToastStore, Toaster } from "./toast.tsx";
import { LazyToaster } from "./toaster.tsx";
import { tag } from "./testing_html.ts";

Deno.test("the store adds, dismisses and auto-dismisses toasts", async () => {
  const store = createToastStore();
  const sticky = store.show("Saved", "success", 0);
  const brief = store.show("Gone soon", "info", 10);
  assertEquals(store.current().map((t) => t.text), ["Saved", "Gone soon"]);
  assert(sticky !== brief);
  await new Promise((resolve) => setTimeout(resolve, 30));
  assertEquals(store.current().map((t) => t.text), ["Saved"]);
  store.dismiss(sticky);
  assertEquals(store.current().length, 0);
});

Deno.test("the live regions exist even when empty", () => {
  const html = renderToString(<Toaster dismissLabel="Close" store={createToastStore()} />);
  assertEquals(tag(html, "div", (a) => a.role === "status")["aria-live"], "polite");
  assertEquals(tag(html, "div", (a) => a.role === "alert")["aria-live"], "assertive");
});

Deno.test("errors go to the assertive region, the rest to the polite one", () => {
  const store = createToastStore();
  store.show("Updated successfully", "success", 0);
  store.show("Update failed", "error", 0);
  const html = renderToString(<Toaster dismissLabel="Close" store={store} />);
  const polite = html.slice(html.indexOf('role="status"'), html.indexOf('role="alert"'));
  const assertive = html.slice(html.indexOf('role="alert"'));
  assert(polite.includes("Updated successfully") && !polite.includes("Update failed"));
  assert(assertive.includes("Update failed") && !assertive.includes("Updated successfully"));
  assertEquals(tag(html, "button")["aria-label"], "Close");
});

Deno.test("the shell's toaster draws both regions before its toasts' code is loaded", () => {
  const html = renderToString(<LazyToaster dismissLabel="Close" />);
  assertEquals(tag(html, "div", (a) => a.role === "status")["aria-live"], "polite");
  assertEquals(tag(html, "div", (a) => a.role === "alert")["aria-live"], "assertive");
  // The same regions as the full toaster's, so the swap keeps the elements screen readers know.
  assertEquals(html, renderToString(<Toaster dismissLabel="Close" store={createToastStore()} />));
});
