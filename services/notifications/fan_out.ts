/**
 * Notifying many people (a poll opens, a timetable changes) without doing it inside the request: `notifyMany`
 * enqueues one fan-out job, which enqueues one delivery job per person (services/operations/jobs.ts). Each
 * delivery has its own idempotency key, so a fan-out that is retried after a crash skips the people it already
 * queued, and a person gets the notification once.
 */
import { defineJob } from "../operations/jobs.ts";
import { createNotification, type NewNotification } from "./mod.ts";

interface FanOut {
  key: string;
  userIds: number[];
  notification: NewNotification;
}

const deliver = defineJob<{ userId: number; notification: NewNotification }>({
  name: "notification_deliver",
  run: async ({ userId, notification }) => {
    await createNotification(userId, notification);
  },
});

const fanOut = defineJob<FanOut>({
  name: "notification_fan_out",
  run: async ({ key, userIds, notification }) => {
    for (const userId of userIds) {
      await deliver.enqueue({ userId, notification }, { key: `${key}:${userId}` });
    }
  },
});

/**
 * Notifies every person in `userIds` in the background. `key` names this notification once and for all (e.g.
 * `poll-opened:42`): calling again with the same key notifies nobody twice.
 */
export function notifyMany(key: string, userIds: number[], notification: NewNotification): Promise<boolean> {
  return fanOut.enqueue({ key, userIds: [...new Set(userIds)], notification }, { key: `fan_out:${key}` });
}

/**
 * Adds to `atomic` the delivery of one notification, so it is sent exactly when the caller's write commits (a
 * waitlisted student promoted by a drop hears of it once, however often the drop is retried). `key` must be new.
 */
export function notifyInAtomic(
  atomic: Deno.AtomicOperation,
  key: string,
  userId: number,
  notification: NewNotification,
): Deno.AtomicOperation {
  return deliver.addTo(atomic, { userId, notification }, { key: `notify:${key}` });
}
