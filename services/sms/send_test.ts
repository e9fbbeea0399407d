import { assertEquals } from "../../tests/assert.ts";
import { bulkSet, closeDb, openDb } from "../db/kv.ts";
import type { Program, School, Student } from "../academic/model.ts";
import { setSmsProvider } from "../identity/sms_provider.ts";
import { handleMessage } from "../operations/jobs.ts";
import { EMPTY_AUDIENCE } from "../polls/model.ts";
import { countsOf, deliverOne, deliveryLog, previewSms, resendFailed, sendSms } from "./send.ts";
import { AppError } from "../../utils/errors.ts";

const STUDENTS = 32;

async function university() {
  const school: School = { id: 1, nameKa: "სკოლა", nameEn: "School", code: "S", deanHrId: null };
  const program = {
    id: 1,
    nameKa: "ინფორმატიკა",
    nameEn: "Computer science",
    code: "CS",
    schoolId: 1,
    level: 1,
    credits: 240,
    language: "ka",
    status: "active",
  } as Program;
  const students: Student[] = Array.from({ length: STUDENTS }, (_, i) => ({
    id: i + 1,
    personalNumber: String(10_000_000_000 + i),
    firstNameKa: `ნინო${i + 1}`,
    lastNameKa: "გელაშვილი",
    firstNameEn: `Nino${i + 1}`,
    lastNameEn: "Gelashvili",
    birthDate: "2004-01-01",
    email: `s${i}@student.uni.test`,
    // The last two have no phone on file.
    phone: i < 30 ? `+9955550${String(i).padStart(5, "0")}` : "",
    programId: 1,
    status: "active",
    admissionYear: 2024,
    userId: null,
  }));
  await bulkSet([
    [["schools", 1], school],
    [["programs", 1], program],
    ...students.map((s): [Deno.KvKey, unknown] => [["students", s.id], s]),
  ]);
}

const job = (name: string, payload: unknown, key: string) => ({
  type: "uniadmin_job",
  name,
  payload,
  key,
  attempt: 1,
});

Deno.test({
  name: "SMS sending: one job per recipient, none sent twice",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async (t) => {
    await openDb(":memory:");
    await university();
    const received: string[] = [];
    let hang: (() => void) | null = null;
    setSmsProvider({
      send(phone) {
        received.push(phone);
        // The eleventh recipient's send never returns: the process "dies" while the gateway holds it.
        if (received.length === 11) return new Promise<void>((resolve) => (hang = resolve));
        return Promise.resolve();
      },
    });
    const audience = { ...EMPTY_AUDIENCE, guards: ["user" as const] };
    try {
      await t.step("the preview counts recipients with a phone and the cost in UCS-2 segments", async () => {
        const preview = await previewSms("{firstName}, ".padEnd(80, "ა"), audience);
        assertEquals(preview.recipients, 30);
        assertEquals(preview.withoutPhone, 2);
        assertEquals(preview.encoding, "ucs2");
        assertEquals(preview.segmentsEach, 2);
        assertEquals(preview.segments, 60);
        // Newest first, as the registry lists them.
        assertEquals(preview.sample.startsWith("ნინო30, "), true);
      });

      await t.step("no recipients or too long: 422, nothing stored", async () => {
        const none = await sendSms("hi", { ...EMPTY_AUDIENCE, programIds: [99] }, null).catch((e) => e);
        assertEquals((none as AppError).options.fields?.audience?.key, "sms.errors.noRecipients");
        const long = await sendSms("ა".repeat(700), audience, null).catch((e) => e);
        assertEquals((long as AppError).options.fields?.text?.key, "sms.errors.tooLong");
        assertEquals(await countsOf(999), { queued: 0, sending: 0, sent: 0, failed: 0 });
      });

      await t.step("an interrupted sending resumes without sending anyone twice", async () => {
        const sending = await sendSms("{firstName}, გამოცდა ხვალ 10:00-ზე", audience, null);
        assertEquals(sending.total, 30);
        const fanOut = job(
          "sms_fan_out",
          { sendingId: sending.id, ns: null, total: 30, round: 0 },
          `sms_fan_out:${sending.id}:0`,
        );
        await handleMessage(fanOut);
        const deliver = (n: number) =>
          handleMessage(job("sms_deliver", { sendingId: sending.id, n }, `sms:${sending.id}:${n}:0`));
        for (let n = 1; n <= 10; n++) await deliver(n);
        void deliver(11); // in flight when the process stops
        await new Promise((r) => setTimeout(r, 10));
        // The restart: the queue delivers everything again, some twice; a job whose "done" mark was lost runs again.
        await handleMessage(fanOut);
        for (let round = 0; round < 2; round++) for (let n = 1; n <= 30; n++) await deliver(n);
        for (let n = 1; n <= 30; n++) await deliverOne({ sendingId: sending.id, n });
        assertEquals(received.length, 30);
        assertEquals(new Set(received).size, 30, "no phone received the message twice");
        assertEquals(await countsOf(sending.id), { queued: 0, sending: 0, sent: 29, failed: 1 });
        const failed = await deliveryLog(sending.id, { status: "failed", page: 1, limit: 10 });
        assertEquals(failed.data.map((d) => [d.n, d.answer]), [[11, "interrupted"]]);

        // The gateway's late answer for the interrupted one changes nothing.
        hang!();
        await new Promise((r) => setTimeout(r, 10));
        assertEquals((await countsOf(sending.id)).failed, 1);

        // Resending the failed ones sends exactly those, once.
        assertEquals(await resendFailed(sending.id, null), 1);
        await handleMessage(
          job(
            "sms_fan_out",
            { sendingId: sending.id, ns: [11], total: 30, round: 1 },
            `sms_fan_out:${sending.id}:1`,
          ),
        );
        await handleMessage(job("sms_deliver", { sendingId: sending.id, n: 11 }, `sms:${sending.id}:11:1`));
        await handleMessage(job("sms_deliver", { sendingId: sending.id, n: 11 }, `sms:${sending.id}:11:1`));
        assertEquals(received.length, 31);
        assertEquals(await countsOf(sending.id), { queued: 0, sending: 0, sent: 30, failed: 0 });
        assertEquals(await resendFailed(sending.id, null), 0, "nothing left to resend");
      });

      await t.step("a refused message is logged with the provider's answer", async () => {
        setSmsProvider({ send: () => Promise.reject(new Error("gateway said no")) });
        const sending = await sendSms("Hello {name}", { ...EMPTY_AUDIENCE, guards: ["user"] }, null);
        await deliverOne({ sendingId: sending.id, n: 1 });
        const log = await deliveryLog(sending.id, { page: 1, limit: 1 });
        assertEquals([log.data[0].status, log.data[0].answer, log.total], ["failed", "gateway said no", 30]);
        assertEquals(log.data[0].text, "Hello ნინო30 გელაშვილი");
      });
    } finally {
      setSmsProvider(null);
      await closeDb();
    }
  },
});
