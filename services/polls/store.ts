/**
 * A poll's life: built as a draft (edited freely), opened (its audience is told through the notifications
 * fan-out and sees the alert), closed (by hand, or by its period ending). Once opened its questions are fixed:
 * answers and tallies name them.
 */
import { conflict, notFound } from "../../utils/errors.ts";
import { createRecord, type StoredRecord, updateRecord } from "../db/records.ts";
import { getManyRecords, getRecord, listIdsByIndex } from "../db/reads.ts";
import { db } from "../db/kv.ts";
import { cachedValue } from "../db/cached_value.ts";
import { notifyMany } from "../notifications/fan_out.ts";
import { resolveAudience } from "./audience.ts";
import { type PollDefinition, type PollInput, type PollQuestion, POLLS, type PollStatus } from "./model.ts";
import { checkPoll } from "./rules.ts";

const indexes = (p: PollDefinition) => [{ name: `${POLLS}_by_status`, value: p.status }];

function normalize(
  input: PollInput,
): Omit<PollDefinition, "id" | "status" | "createdBy" | "createdAt" | "audienceSize"> {
  const trimmed = (s: string) => s.trim();
  const questions: PollQuestion[] = input.questions.map((q, i) => ({
    id: `q${i + 1}`,
    kind: q.kind,
    text: trimmed(q.text),
    textEn: trimmed(q.textEn),
    required: q.required,
    options: q.options.map((o) => ({ text: trimmed(o.text), textEn: trimmed(o.textEn) })),
  }));
  const unique = <T>(values: T[]) => [...new Set(values)];
  return {
    title: trimmed(input.title),
    titleEn: trimmed(input.titleEn),
    description: trimmed(input.description),
    questions,
    audience: {
      guards: unique(input.audience.guards),
      schoolIds: unique(input.audience.schoolIds),
      programIds: unique(input.audience.programIds),
      admissionYears: unique(input.audience.admissionYears),
      sectionIds: unique(input.audience.sectionIds),
      userIds: unique(input.audience.userIds),
    },
    opensAt: new Date(input.opensAt).toISOString(),
    closesAt: new Date(input.closesAt).toISOString(),
    anonymous: input.anonymous,
    editable: input.editable,
  };
}

export async function getPoll(id: number): Promise<StoredRecord<PollDefinition> | null> {
  return await getRecord<PollDefinition>(POLLS, id);
}

export async function requirePoll(id: number): Promise<StoredRecord<PollDefinition>> {
  const poll = await getPoll(id);
  if (!poll) throw notFound(POLLS);
  return poll;
}

/** Every poll with its versionstamp, newest first (a university runs tens a year). */
export async function listPolls(status?: PollStatus): Promise<StoredRecord<PollDefinition, number>[]> {
  const polls: StoredRecord<PollDefinition, number>[] = [];
  if (status) {
    const { items } = await listIdsByIndex(`${POLLS}_by_status`, status, { limit: 1000 });
    for (const r of await getManyRecords<PollDefinition>(POLLS, items)) {
      if (r) polls.push({ id: r.value.id, value: r.value, versionstamp: r.versionstamp });
    }
  } else {
    for await (const e of db().list<PollDefinition>({ prefix: [POLLS] })) {
      polls.push({ id: e.value.id, value: e.value, versionstamp: e.versionstamp });
    }
  }
  return polls.sort((a, b) => b.id - a.id);
}

/**
 * The open polls, which every signed-in page's poll alert and every calendar read, and which change when a poll
 * opens or closes (a few times a term): kept in this process under a version key those two writes move.
 */
const openPolls = cachedValue({
  name: "open_polls",
  maxAgeMs: 60_000,
  load: () => listPolls("open").then((polls) => polls.map((r) => r.value)),
});

/** The polls opened and not closed by hand (those past their closing time included: the caller filters). */
export function listOpenPolls(): Promise<PollDefinition[]> {
  return openPolls.get();
}

export async function createPoll(
  input: PollInput,
  actor: number | null,
): Promise<StoredRecord<PollDefinition, number>> {
  checkPoll(input);
  const fields = normalize(input);
  return await createRecord<PollDefinition>({
    collection: POLLS,
    build: (id) => ({
      id,
      ...fields,
      status: "draft",
      createdBy: actor,
      createdAt: new Date().toISOString(),
      audienceSize: 0,
    }),
    indexes,
    audit: { actor },
  });
}

/** Edits a draft; an opened poll's questions are fixed (409), though its closing time may still move. */
export async function editPoll(
  id: number,
  input: PollInput,
  actor: number | null,
  expectedVersionstamp?: string,
): Promise<StoredRecord<PollDefinition>> {
  checkPoll(input);
  const fields = normalize(input);
  return await updateRecord<PollDefinition>({
    collection: POLLS,
    id,
    indexes,
    audit: { actor },
    expectedVersionstamp,
    change: (current) => {
      if (current.status !== "draft") throw conflict("polls.errors.notDraft");
      return { ...current, ...fields };
    },
  });
}

/** Opens a draft: counts its audience and tells everyone in it (once, whatever retries). */
export async function openPoll(
  id: number,
  actor: number | null,
  expectedVersionstamp?: string,
  { notify = true } = {},
): Promise<StoredRecord<PollDefinition>> {
  const poll = await requirePoll(id);
  if (expectedVersionstamp !== undefined && poll.versionstamp !== expectedVersionstamp) {
    throw conflict("errors.editConflict");
  }
  if (poll.value.status !== "draft") throw conflict("polls.errors.notDraft");
  const audience = await resolveAudience(poll.value.audience);
  const opened = await openPolls.after(updateRecord<PollDefinition>({
    collection: POLLS,
    id,
    indexes,
    audit: { actor },
    expectedVersionstamp: poll.versionstamp,
    change: (current) => ({ ...current, status: "open", audienceSize: audience.userIds.length }),
  }));
  const p = opened.value;
  if (notify) {
    await notifyMany(`poll-opened:${id}`, audience.userIds, {
      kind: "poll",
      title: p.title,
      body: p.description,
      link: `/poll-response?poll=${id}`,
      en: { title: p.titleEn, body: p.description },
    });
  }
  return opened;
}

/** Closes an open poll now: no more answers or edits. */
export async function closePoll(
  id: number,
  actor: number | null,
  expectedVersionstamp?: string,
): Promise<StoredRecord<PollDefinition>> {
  return await openPolls.after(updateRecord<PollDefinition>({
    collection: POLLS,
    id,
    indexes,
    audit: { actor },
    expectedVersionstamp,
    change: (current) => {
      if (current.status !== "open") throw conflict("polls.errors.notOpen");
      const now = new Date().toISOString();
      return { ...current, status: "closed", closesAt: current.closesAt < now ? current.closesAt : now };
    },
  }));
}
