import { renderToString } from "preact-render-to-string";
import { assert, assertEquals } from "../../tests/assert.ts";
import { tabId, TabPanel, Tabs } from "./tabs.tsx";
import { tag, tags } from "./testing_html.ts";

const TABS = [{ key: "books", label: "Courses" }, { key: "sub", label: "Sub-courses" }, {
  key: "x",
  label: "X",
}];

Deno.test("button tabs: tablist with roles, selection state and a roving tabindex", () => {
  const html = renderToString(
    <Tabs id="bk" label="Course lists" tabs={TABS} selected="sub" onSelect={() => {}} panelId="bk-panel" />,
  );
  const list = tag(html, "div", (a) => a.role === "tablist");
  assertEquals(list["aria-label"], "Course lists");
  const tabs = tags(html, "button");
  assertEquals(tabs.map((t) => t.role), ["tab", "tab", "tab"]);
  assertEquals(tabs.map((t) => t["aria-selected"]), ["false", "true", "false"]);
  assertEquals(tabs.map((t) => t.tabindex), ["-1", "0", "-1"]);
  assertEquals(tabs[1]["aria-controls"], "bk-panel");
  assertEquals(tabs[1].id, tabId("bk", "sub"));
});

Deno.test("with nothing selected the first tab keeps the tab stop", () => {
  const html = renderToString(<Tabs id="t" label="L" tabs={TABS} selected="none" onSelect={() => {}} />);
  assertEquals(tags(html, "button").map((t) => t.tabindex), ["0", "-1", "-1"]);
});

Deno.test("link tabs: real links, all reachable without JavaScript, current one marked", () => {
  const links = TABS.map((t) => ({ ...t, href: `/books?tab=${t.key}` }));
  const html = renderToString(<Tabs id="t" label="L" tabs={links} selected="books" />);
  const anchors = tags(html, "a");
  assertEquals(anchors.map((a) => a.href), ["/books?tab=books", "/books?tab=sub", "/books?tab=x"]);
  assertEquals(anchors.map((a) => a.role), ["tab", "tab", "tab"]);
  assertEquals(anchors.map((a) => a["aria-selected"]), ["true", "false", "false"]);
  assertEquals(anchors[0]["aria-current"], "page");
  assert(anchors.every((a) => a.tabindex === undefined));
});

Deno.test("TabPanel is labelled by its tab", () => {
  const html = renderToString(<TabPanel id="bk-panel" labelledBy={tabId("bk", "books")}>rows</TabPanel>);
  const panel = tag(html, "div");
  assertEquals(panel.role, "tabpanel");
  assertEquals(panel["aria-labelledby"], "bk-tab-books");
});
