/** The chat's HTTP side: chunked uploads → fileUploadFinish → download for members; the event log inspector. */
import { assert, assertEquals } from "./assert.ts";
import { chatClient } from "./chat_client.ts";
import { ORIGIN, seededApp, tokenFor } from "./helpers.ts";
import { createChat, sendMessage } from "../services/chat/rooms.ts";
import type { FileMessageContent, UploadResult } from "../services/chat/protocol.ts";
import { DEMO_ACCOUNTS } from "../services/seed/accounts.ts";
import { findUserByEmail } from "../services/identity/users.ts";
import { zip } from "./fixtures/zip.ts";
import { finishFileMessage } from "../services/chat/uploads.ts";
import { removeIfUnattached } from "../services/chat/upload_quota.ts";

const app = await seededApp();
const ref = async (account: keyof typeof DEMO_ACCOUNTS) => {
  const user = (await findUserByEmail(DEMO_ACCOUNTS[account].email))!;
  return { id: user.id, type: user.chatType };
};
const staff = await ref("staff"), prof = await ref("prof");
const tokens = {
  staff: await tokenFor("staff"),
  prof: await tokenFor("prof"),
  student: await tokenFor("student"),
};
const auth = (token: string) => ({ authorization: `Bearer ${token}`, origin: ORIGIN });

function chunk(token: string, q: Record<string, string | number>, bytes: Uint8Array) {
  const query = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]));
  return app.request(`/api/chat/upload?${query}`, {
    method: "POST",
    headers: { ...auth(token), "content-type": "application/octet-stream" },
    body: bytes as Uint8Array<ArrayBuffer>,
  });
}

const png = (size: number) => {
  const bytes = crypto.getRandomValues(new Uint8Array(size).subarray(0, Math.min(size, 65536)));
  const full = new Uint8Array(size);
  full.set(bytes);
  full.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return full;
};

Deno.test("chat HTTP side", async (t) => {
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, app.fetch);
  const room = await createChat(staff, [prof], { title: "files" });
  try {
    let finished: UploadResult;
    await t.step("a file in chunks reports progress, then FINISHED with a server-made name", async () => {
      const file = png(700_000);
      const q = {
        chatId: room.chatId,
        uploadId: "up-1-abcdef",
        size: file.byteLength,
        name: "../ჩემი <img>.png",
      };
      const first = await chunk(tokens.staff, { ...q, offset: 0 }, file.subarray(0, 512 * 1024));
      assertEquals(first.status, 200);
      const progress: UploadResult = await first.json();
      assertEquals([progress.type, progress.progress, progress.attachment], ["PROGRESS", 74, null]);
      const wrong = await chunk(tokens.staff, { ...q, offset: 10 }, file.subarray(10, 20));
      assertEquals([wrong.status, (await wrong.json()).error.code], [409, "upload_offset"]);
      const last = await chunk(tokens.staff, { ...q, offset: 512 * 1024 }, file.subarray(512 * 1024));
      finished = await last.json();
      assertEquals([finished.type, finished.progress, finished.fileType, finished.size], [
        "FINISHED",
        100,
        "image/png",
        700_000,
      ]);
      assertEquals(finished.name, "ჩემი img.png");
      assert(/^[A-Za-z0-9_-]{32}$/.test(finished.attachment!), "a generated name");
    });

    await t.step("a stored name says what the file is, and hides no reversed text", async () => {
      const upload = async (uploadId: string, name: string, bytes: Uint8Array) => {
        const q = { chatId: room.chatId, uploadId, size: bytes.byteLength, name, offset: 0 };
        const res = await chunk(tokens.staff, q, bytes);
        return [res.status, res.ok ? (await res.json()).name : (await res.json()).error.code];
      };
      const docx = zip(["[Content_Types].xml", "word/document.xml"]);
      assertEquals(await upload("bidi-12345", "report\u202Excod.jar", docx), [200, "reportxcod.docx"]);
      assertEquals(await upload("hta-123456", "invoice.hta", docx), [200, "invoice.docx"]);
      const polyglot = new TextEncoder().encode("%PDF-1.7\n<html><script>alert(1)</script></html>");
      assertEquals(await upload("pdfhtml-12", "pdfhtml.html", polyglot), [200, "pdfhtml.pdf"]);
      const jar = zip(["[Content_Types].xml", "word/document.xml", "META-INF/MANIFEST.MF", "Main.class"]);
      assertEquals(await upload("jar-123456", "report.docx", jar), [415, "unsupported_type"]);
    });

    await t.step("a refused type is refused by its first chunk, before the rest is sent", async () => {
      // An executable declared as 5 MB: the first of its ten chunks is answered 415, and nothing is kept.
      const exe = new Uint8Array(512 * 1024);
      exe.set(new TextEncoder().encode("MZ\x90\x00 This program cannot be run in DOS mode"));
      const q = {
        chatId: room.chatId,
        uploadId: "exe-1234567",
        size: 5_000_000,
        name: "photo.png",
        offset: 0,
      };
      const first = await chunk(tokens.staff, q, exe);
      assertEquals([first.status, (await first.json()).error.code], [415, "unsupported_type"]);
      // Nothing was kept: the upload would have to start again at byte 0.
      const next = await chunk(tokens.staff, { ...q, offset: 512 * 1024 }, exe);
      const refusal = (await next.json()).error;
      assertEquals([next.status, refusal.code, refusal.message.includes("0")], [409, "upload_offset", true]);
    });

    await t.step("fileUploadFinish makes an IMAGE message from what is stored", async () => {
      const socket = await chatClient(`ws://127.0.0.1:${server.addr.port}/ws/chat`, { token: tokens.staff });
      await socket.call("getRooms", {});
      await socket.next("setRooms");
      const answer = await socket.call("fileUploadFinish", {
        chatId: room.chatId,
        originalname: "x.exe",
        mimetype: "text/html",
        filename: finished.attachment!,
        size: 1,
        clientId: "finish-1",
      });
      assert(answer.ok);
      const { message } = await socket.next("messageReceived");
      const content: FileMessageContent = JSON.parse(message.text);
      assertEquals([message.type, content.originalname, content.mimetype, content.size], [
        "IMAGE",
        "ჩემი img.png",
        "image/png",
        700_000,
      ]);
      const other = await createChat(staff, [{ id: 1, type: "user" }]);
      const misplaced = await socket.call("fileUploadFinish", {
        chatId: other.chatId,
        originalname: "a",
        mimetype: "a",
        filename: finished.attachment!,
        size: 1,
        clientId: "finish-2",
      });
      assertEquals(misplaced.ok ? "" : misplaced.error.code, "not_found");
      await socket.close();
    });

    await t.step("download: members only, with Content-Disposition and nosniff", async () => {
      const response = await app.request(finished.address!, { headers: auth(tokens.prof) });
      assertEquals(response.status, 200);
      assertEquals(response.headers.get("x-content-type-options"), "nosniff");
      assertEquals(
        response.headers.get("cache-control"),
        "no-store",
        "not readable from the cache after sign-out",
      );
      assertEquals(response.headers.get("content-type"), "image/png");
      assert(response.headers.get("content-disposition")!.startsWith('inline; filename="'));
      assertEquals((await response.arrayBuffer()).byteLength, 700_000);
      const outsider = await app.request(finished.address!, { headers: auth(tokens.student) });
      assertEquals(outsider.status, 404);
      await outsider.body?.cancel();
    });

    await t.step("the 5,000,000-byte cap counts stored bytes; types are decided by content", async () => {
      const big = await chunk(tokens.staff, {
        chatId: room.chatId,
        uploadId: "big-12345",
        offset: 0,
        size: 5_000_001,
        name: "a",
      }, png(10));
      assertEquals([big.status, (await big.json()).error.code], [413, "file_too_large"]);
      const liar = await chunk(tokens.staff, {
        chatId: room.chatId,
        uploadId: "liar-12345",
        offset: 0,
        size: 100,
        name: "a",
      }, png(200));
      assertEquals([liar.status, (await liar.json()).error.code], [413, "file_too_large"]);
      const html = new TextEncoder().encode("<html><script>alert(1)</script></html>");
      const page = await chunk(tokens.staff, {
        chatId: room.chatId,
        uploadId: "html-12345",
        offset: 0,
        size: html.byteLength,
        name: "a.png",
      }, html);
      assertEquals([page.status, (await page.json()).error.code], [415, "unsupported_type"]);
      const pdf = new TextEncoder().encode("%PDF-1.4\n%âãÏÓ\n1 0 obj\n");
      const doc = await chunk(tokens.staff, {
        chatId: room.chatId,
        uploadId: "pdf-12345",
        offset: 0,
        size: pdf.byteLength,
        name: "a.txt",
      }, pdf);
      const stored: UploadResult = await doc.json();
      assertEquals(stored.fileType, "application/pdf");
      const download = await app.request(stored.address!, { headers: auth(tokens.staff) });
      assert(download.headers.get("content-disposition")!.startsWith("attachment;"));
      await download.body?.cancel();
      const outsider = await chunk(tokens.student, {
        chatId: room.chatId,
        uploadId: "out-12345",
        offset: 0,
        size: 10,
        name: "a",
      }, png(10));
      assertEquals([outsider.status, (await outsider.json()).error.code], [404, "not_found"]);
    });

    await t.step(
      "unsent uploads count against a per-person quota; a file never sent is removed, a sent one kept",
      async () => {
        const quotaRoom = await createChat(prof, [staff], { title: "quota" });
        const file = png(4_900_000);
        const upload = async (uploadId: string) => {
          let last: Response | null = null;
          for (let offset = 0; offset < file.byteLength; offset += 512 * 1024) {
            const q = { chatId: quotaRoom.chatId, uploadId, size: file.byteLength, name: "big.png", offset };
            last = await chunk(tokens.prof, q, file.subarray(offset, offset + 512 * 1024));
            if (last.status !== 200) break;
            if (offset + 512 * 1024 < file.byteLength) await last.body?.cancel();
          }
          return { status: last!.status, body: await last!.json() };
        };
        const stored: UploadResult[] = [];
        for (const id of ["quota-1abc", "quota-2abc", "quota-3abc"]) {
          const { status, body } = await upload(id);
          assertEquals(status, 200);
          stored.push(body);
        }
        const over = await upload("quota-4abc");
        assertEquals([over.status, over.body.error.code], [413, "upload_quota"]);
        // Sending one frees its share of the quota.
        await finishFileMessage(prof, {
          chatId: quotaRoom.chatId,
          filename: stored[0].attachment!,
          clientId: "q-send-1",
        });
        assertEquals((await upload("quota-5abc")).status, 200);
        // A day later the unsent files are gone; the sent one stays.
        assertEquals(await removeIfUnattached(stored[1].attachment!), true);
        assertEquals(await removeIfUnattached(stored[0].attachment!), false);
        const gone = await app.request(stored[1].address!, { headers: auth(tokens.prof) });
        assertEquals(gone.status, 404);
        await gone.body?.cancel();
        const kept = await app.request(stored[0].address!, { headers: auth(tokens.prof) });
        assertEquals(kept.status, 200);
        await kept.body?.cancel();
        // Its share is free again too.
        assertEquals((await upload("quota-6abc")).status, 200);
      },
    );

    await t.step("the event log: rooms, events filtered by type and actor, after a seq, export", async () => {
      await sendMessage(prof, room.chatId, "from prof");
      const admin = auth(await tokenFor("admin"));
      const rooms = await (await app.request("/api/chat/event-log/rooms?limit=100", { headers: admin }))
        .json();
      assert(rooms.data.some((r: { id: number }) => r.id === room.chatId));
      const base = `/api/chat/event-log/${room.chatId}`;
      const all = await (await app.request(base, { headers: admin })).json();
      assertEquals(
        all.data.map((e: { seq: number }) => e.seq),
        Array.from({ length: all.head }, (_, i) => i + 1),
      );
      const byProf =
        await (await app.request(`${base}?type=message_sent&actor=${prof.id}`, { headers: admin })).json();
      assertEquals(byProf.data.map((e: { text: string }) => e.text), ["from prof"]);
      const after = await (await app.request(`${base}?after=${all.head - 1}`, { headers: admin })).json();
      assertEquals(after.data.length, 1);
      const exported = await app.request(`${base}/export?type=room_created`, { headers: admin });
      assert(exported.headers.get("content-disposition")!.includes("attachment"));
      assertEquals((await exported.json()).events.length, 1);
      // The document publishes the type the download is served as (it said application/octet-stream).
      const doc = await (await app.request("/api/openapi.json")).json();
      const published = doc.paths["/api/chat/event-log/{roomId}/export"].get.responses["200"].content;
      assertEquals(Object.keys(published), [exported.headers.get("content-type")!.split(";")[0]]);
      const refused = await app.request(base, { headers: auth(tokens.student) });
      assertEquals(refused.status, 403);
      await refused.body?.cancel();
    });
    await t.step(
      "the inspector page: rooms, a room's events as text, the follow island; refused without the key",
      async () => {
        await sendMessage(prof, room.chatId, "<script>alert('x')</script>");
        const cookie = { cookie: `session=${await tokenFor("admin")}` };
        const page = await app.request(`/chat/event-log?room=${room.chatId}&type=message_sent`, {
          headers: cookie,
        });
        assertEquals(page.status, 200);
        const html = await page.text();
        assert(
          html.includes("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;") || html.includes("&lt;script>"),
          "escaped",
        );
        assert(!html.includes("<script>alert('x')</script>"), "never raw");
        assert(html.includes("<!--island:ChatEventLogFollow:"), "the follow island is on the page");
        const refused = await app.request("/chat/event-log", {
          headers: { cookie: `session=${tokens.student}` },
        });
        assertEquals(refused.status, 403);
        await refused.body?.cancel();
      },
    );
  } finally {
    await server.shutdown();
  }
});
