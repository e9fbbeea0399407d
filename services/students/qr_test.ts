import { SignJWT } from "jose";
import { assert, assertEquals, assertMatch } from "../../tests/assert.ts";
import { closeDb, openDb } from "../db/kv.ts";
import { withEnvVar } from "../../utils/env.ts";
import {
  CARD_VALID_SECONDS,
  qrDataUrl,
  revokeStudentCard,
  signStudentCard,
  studentCardHref,
  verifyStudentCard,
} from "./qr.ts";

const b64 = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");

Deno.test("student card tokens", async (t) => {
  await openDb(":memory:");
  try {
    const now = Math.floor(Date.now() / 1000);

    await t.step("a signed card names its student and lasts a year", async () => {
      const token = await signStudentCard(42, now);
      assertEquals(await verifyStudentCard(token), 42);
      const payload = JSON.parse(atob(token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/")));
      assertEquals([payload.studentId, payload.exp], [42, now + CARD_VALID_SECONDS]);
    });

    await t.step("a new card revokes the old one, and a card can be revoked", async () => {
      const first = await signStudentCard(43, now);
      const second = await signStudentCard(43, now);
      assertEquals([await verifyStudentCard(first), await verifyStudentCard(second)], [null, 43]);
      assertEquals(await revokeStudentCard(43), true);
      assertEquals(await verifyStudentCard(second), null);
      assertEquals(await revokeStudentCard(43), false);
    });

    await t.step("the link names the configured origin, whatever Host the request carried", async () => {
      const configured = "https://uni.example.ge,https://other.example.ge";
      await withEnvVar("APP_ORIGIN", configured, () =>
        assertEquals(
          studentCardHref("http://evil.example", "t"),
          "https://uni.example.ge/studentInfoQrCode/t",
        ));
      await withEnvVar("APP_ORIGIN", undefined, () =>
        assertEquals(
          studentCardHref("http://localhost:8000", "t"),
          "http://localhost:8000/studentInfoQrCode/t",
        ));
    });

    await t.step("tampered, foreign, unsigned, expired and oversized tokens name nobody", async () => {
      const [header, , signature] = (await signStudentCard(42, now)).split(".");
      const forged = `${header}.${b64({ studentId: 1, exp: now + 1000 })}.${signature}`;
      const foreign = await new SignJWT({ studentId: 42 }).setProtectedHeader({ alg: "HS256" })
        .setExpirationTime(now + 1000).sign(crypto.getRandomValues(new Uint8Array(32)));
      const unsigned = `${b64({ alg: "none" })}.${b64({ studentId: 42, exp: now + 1000 })}.`;
      const expired = await signStudentCard(42, now - CARD_VALID_SECONDS - 60);
      for (const token of [forged, foreign, unsigned, expired, "x".repeat(600), "", "a.b.c"]) {
        assertEquals(await verifyStudentCard(token), null, token.slice(0, 40));
      }
    });

    await t.step("the QR image is an SVG data URL", () => {
      const url = qrDataUrl("http://localhost/studentInfoQrCode/abc");
      assertMatch(url, /^data:image\/svg\+xml;base64,/);
      assert(atob(url.split(",")[1]).startsWith("<svg"));
    });
  } finally {
    await closeDb();
  }

  await t.step("another KV has another secret: old cards do not carry over", async () => {
    await openDb(":memory:");
    try {
      const token = await signStudentCard(7);
      await closeDb();
      await openDb(":memory:");
      assertEquals(await verifyStudentCard(token), null);
    } finally {
      await closeDb();
    }
  });
});
