import { assertEquals } from "../../tests/assert.ts";
import {
  activeLimit,
  closeWindow,
  isMobile,
  loadWindows,
  minimizeWindow,
  openWindow,
  saveWindows,
} from "./window_cap.ts";

const active = (ws: { chatId: number; status: string }[]) =>
  ws.filter((w) => w.status === "active").map((w) => w.chatId);

Deno.test("active chat window cap", async (t) => {
  await t.step("floor((width − 100) / 330), at least 1", () => {
    assertEquals(activeLimit(1280), 3);
    assertEquals(activeLimit(1090), 3);
    assertEquals(activeLimit(1089), 2);
    assertEquals(activeLimit(700), 1);
    assertEquals(activeLimit(300), 1);
    assertEquals(activeLimit(0), 1);
  });
  await t.step("at 1280 px the fourth window makes the oldest inactive", () => {
    let ws = openWindow([], 1, 1280);
    ws = openWindow(ws, 2, 1280);
    ws = openWindow(ws, 3, 1280);
    assertEquals(active(ws), [1, 2, 3]);
    ws = openWindow(ws, 4, 1280);
    assertEquals(active(ws), [2, 3, 4]);
    assertEquals(ws.length, 4);
  });
  await t.step("re-opening an inactive window makes it the newest", () => {
    let ws = [1, 2, 3, 4].reduce((acc, id) => openWindow(acc, id, 1280), [] as ReturnType<typeof openWindow>);
    ws = openWindow(ws, 1, 1280);
    assertEquals(active(ws), [1, 3, 4]);
  });
  await t.step("at 700 px only one window is active", () => {
    let ws = openWindow([], 1, 700);
    ws = openWindow(ws, 2, 700);
    assertEquals(active(ws), [2]);
  });
  await t.step("minimize deactivates, close removes", () => {
    let ws = openWindow(openWindow([], 1, 1280), 2, 1280);
    ws = minimizeWindow(ws, 1);
    assertEquals(active(ws), [2]);
    ws = closeWindow(ws, 2);
    assertEquals(ws.map((w) => w.chatId), [1]);
  });
  await t.step("mobile under 768 px", () => {
    assertEquals(isMobile(767), true);
    assertEquals(isMobile(768), false);
  });
});

Deno.test("open windows survive a reload through session storage", async (t) => {
  const store = new Map<string, string>();
  const storage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => store.set(k, v),
  };
  await t.step("saved windows come back", () => {
    const ws = openWindow(openWindow([], 5, 1280), -1, 1280);
    saveWindows(storage, ws);
    assertEquals(loadWindows(storage), ws);
  });
  await t.step("garbage reads as no windows", () => {
    store.set("chat.windows", "{not json");
    assertEquals(loadWindows(storage), []);
    store.set(
      "chat.windows",
      JSON.stringify([{ chatId: "x" }, { chatId: 2, status: "active", activatedAt: 1 }]),
    );
    assertEquals(loadWindows(storage), [{ chatId: 2, status: "active", activatedAt: 1 }]);
  });
});
