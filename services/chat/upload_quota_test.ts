import { assertEquals } from "../../tests/assert.ts";
import { closeDb, db, openDb } from "../db/kv.ts";
import { getFileMeta, putFile } from "../db/files.ts";
import { keys } from "./model.ts";
import { sweepUnattached, UNATTACHED_KEEP_MS, usageKey } from "./upload_quota.ts";

const DAY = UNATTACHED_KEEP_MS;

async function upload(filename: string, uploadedAt: Date, messageSeq?: number) {
  await putFile(filename, new Uint8Array([1, 2, 3]), { name: `${filename}.png`, type: "image/png" });
  await db().atomic()
    .set(keys.file(filename), {
      chatId: 1,
      uploader: 7,
      originalname: `${filename}.png`,
      mimetype: "image/png",
      size: 3,
      uploadedAt: uploadedAt.toISOString(),
      ...(messageSeq === undefined ? {} : { messageSeq }),
    })
    .set(usageKey(7, filename), 3)
    .commit();
}

Deno.test("the nightly sweep of unattached chat uploads", async (t) => {
  await openDb(":memory:");
  try {
    const now = Date.now();
    await upload("old-unsent", new Date(now - 2 * DAY));
    await upload("old-sent", new Date(now - 2 * DAY), 5);
    await upload("fresh-unsent", new Date(now - 60_000));

    await t.step(
      "removes the files older than its cut-off that no message shows, bytes and all",
      async () => {
        assertEquals(await sweepUnattached(new Date(now - DAY)), 1);
        assertEquals(await getFileMeta("old-unsent"), null);
        assertEquals((await db().get(keys.file("old-unsent"))).value, null);
        assertEquals((await db().get(usageKey(7, "old-unsent"))).value, null, "the quota is given back");
      },
    );

    await t.step("keeps a file a message shows, and one still within its day", async () => {
      assertEquals((await getFileMeta("old-sent"))?.size, 3);
      assertEquals((await getFileMeta("fresh-unsent"))?.size, 3);
      assertEquals(await sweepUnattached(new Date(now - DAY)), 0);
    });
  } finally {
    closeDb();
  }
});
