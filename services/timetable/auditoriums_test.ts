import { assertEquals, assertRejects } from "../../tests/assert.ts";
import { AppError } from "../../utils/errors.ts";
import {
  type AuditoriumInput,
  createAuditorium,
  getAuditorium,
  listAuditoriums,
  removeAuditorium,
  updateAuditorium,
} from "./auditoriums.ts";
import { closeDb, openDb } from "../db/kv.ts";
import { listAudit } from "../db/reads.ts";

const ACTOR = 1;

const room = (over: Partial<AuditoriumInput> = {}): AuditoriumInput => ({
  name: "101",
  building: "I კორპუსი",
  capacity: 40,
  ...over,
});

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  return await assertRejects(() => promise, AppError) as AppError;
}

Deno.test("auditoriums", async (t) => {
  await openDb(":memory:");
  try {
    await t.step("validation: name 1–50, building 1–100, capacity a whole number 1–2000", async () => {
      const error = await refusal(
        createAuditorium(room({ name: "", building: "b".repeat(101), capacity: 0 }), ACTOR),
      );
      assertEquals(error.status, 422);
      assertEquals(error.options.fields, {
        name: { key: "errors.required" },
        building: { key: "errors.tooLong", params: { max: 100 } },
        capacity: { key: "errors.tooSmall", params: { min: 1 } },
      });
      const big = await refusal(createAuditorium(room({ name: "n".repeat(51), capacity: 2001 }), ACTOR));
      assertEquals(big.options.fields, {
        name: { key: "errors.tooLong", params: { max: 50 } },
        capacity: { key: "errors.tooBig", params: { max: 2000 } },
      });
      const half = await refusal(createAuditorium(room({ capacity: 1.5 }), ACTOR));
      assertEquals(half.options.fields, { capacity: { key: "errors.invalidType" } });
    });

    const small = await createAuditorium(room(), ACTOR);
    const hall = await createAuditorium(room({ name: "1001", capacity: 300 }), ACTOR);
    const annex = await createAuditorium(room({ name: "5", building: "A კორპუსი" }), ACTOR);

    await t.step("names are unique regardless of case and spaces → 409 duplicate on name", async () => {
      const error = await refusal(createAuditorium(room({ name: " 101 " }), ACTOR));
      assertEquals([error.status, error.code], [409, "duplicate"]);
      assertEquals(error.options.fields, { name: { key: "errors.duplicate" } });
    });

    await t.step("listed by building, then by name in numeric order", async () => {
      assertEquals((await listAuditoriums()).map((r) => r.value.name), ["5", "101", "1001"]);
    });

    await t.step("edit with the current version; an old version → 409 conflict", async () => {
      const edited = await updateAuditorium(
        hall.id,
        room({ name: "აქტების დარბაზი", capacity: 350 }),
        ACTOR,
        hall.versionstamp,
      );
      assertEquals(edited.value.capacity, 350);
      const stale = await refusal(updateAuditorium(hall.id, room({ name: "x" }), ACTOR, hall.versionstamp));
      assertEquals(stale.code, "conflict");
    });

    await t.step("a free room is removed, with an audit entry", async () => {
      await removeAuditorium(annex.id, ACTOR);
      assertEquals(await getAuditorium(annex.id), null);
      assertEquals((await listAudit("auditoriums", annex.id)).items.map((e) => e.action), [
        "remove",
        "create",
      ]);
      const missing = await refusal(removeAuditorium(annex.id, ACTOR));
      assertEquals(missing.status, 404);
      assertEquals((await getAuditorium(small.id))?.value.name, "101");
    });
  } finally {
    await closeDb();
  }
});
