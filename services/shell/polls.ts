/**
 * The polls behind the shell's poll alert (SPEC §4 "a poll alert check runs at startup and once a minute").
 * The poll module itself (questions, dashboards) is not built; this keeps what the alert needs: which polls are
 * open, for whom, and who has answered.
 * - `["polls", id]` Poll { title, titleEn, audience (guards), opensAt, closesAt, link },
 * - `["poll_answers", pollId, userId]` { at }: the person answered (audited).
 * The poll list is small and read by every open page once a minute, so it is kept in-process for a few seconds.
 */
import { addAudit } from "../db/audit_log.ts";
import { cachedValue } from "../db/cached_value.ts";
import { db, readMany } from "../db/kv.ts";
import type { Guard } from "../identity/users.ts";

export interface Poll {
  id: number;
  title: string;
  titleEn: string;
  /** Guards of the people asked. */
  audience: Guard[];
  opensAt: string;
  closesAt: string;
  /** Where the person answers it. */
  link: string;
}

const pollKey = (id: number): Deno.KvKey => ["polls", id];
const answerKey = (pollId: number, userId: number): Deno.KvKey => ["poll_answers", pollId, userId];

const allPolls = cachedValue<Poll[]>({
  name: "polls",
  maxAgeMs: 60_000,
  load: async () => {
    const polls: Poll[] = [];
    for await (const entry of db().list<Poll>({ prefix: ["polls"] })) polls.push(entry.value);
    return polls;
  },
});

/** Stores a poll (the poll module's write; the seed's). */
export async function savePoll(poll: Poll, actor: number | null): Promise<void> {
  const before = (await db().get<Poll>(pollKey(poll.id))).value;
  const atomic = db().atomic().set(pollKey(poll.id), poll);
  addAudit(atomic, {
    entity: "polls",
    entityId: poll.id,
    actor,
    action: before ? "update" : "create",
    before,
    after: poll,
  });
  await allPolls.after(atomic.commit());
}

/** Polls open at `now` for the person's guard that they have not answered, soonest closing first. */
export async function pollsWaitingFor(
  user: { id: number; guard: Guard },
  now = Date.now(),
): Promise<Poll[]> {
  const open = (await allPolls.get()).filter((p) =>
    p.audience.includes(user.guard) && Date.parse(p.opensAt) <= now && now < Date.parse(p.closesAt)
  );
  if (open.length === 0) return [];
  const answers = await readMany(open.map((p) => answerKey(p.id, user.id)));
  return open.filter((_, i) => answers[i].versionstamp === null)
    .sort((a, b) => a.closesAt.localeCompare(b.closesAt));
}

/** Records that the person answered (the poll module calls this when a response is stored). */
export async function markPollAnswered(pollId: number, userId: number): Promise<void> {
  const at = new Date().toISOString();
  const atomic = db().atomic().check({ key: answerKey(pollId, userId), versionstamp: null })
    .set(answerKey(pollId, userId), { at });
  addAudit(atomic, {
    entity: "poll_answers",
    entityId: `${pollId}:${userId}`,
    actor: userId,
    action: "create",
    before: null,
    after: { at },
  });
  await atomic.commit(); // already answered: nothing to do
}
