/**
 * Message grouping (SPEC §4, §9): consecutive messages by the same sender less than 30 minutes apart form a
 * group, styled by position — START, MIDDLE, END, or SOLO for a message alone. The time-ago line is shown
 * only for messages older than 30 minutes. Pure, so the rules are tested without a browser.
 */

export const GROUP_GAP_MS = 30 * 60 * 1000;

export type Position = "START" | "MIDDLE" | "END" | "SOLO";

/** A sender is a person of one type: ids of users, professors and students may coincide (SPEC §6). */
export interface Sender {
  id: number;
  type: string;
}

export interface Groupable {
  user: Sender;
  /** Epoch milliseconds. */
  time: number;
}

export function sameSender(a: Sender, b: Sender): boolean {
  return a.id === b.id && a.type === b.type;
}

/** Whether `b` continues the group of `a` (same sender, under 30 minutes later). */
function continues(a: Groupable, b: Groupable): boolean {
  return sameSender(a.user, b.user) && b.time - a.time >= 0 && b.time - a.time < GROUP_GAP_MS;
}

/** The position of each message of a list ordered oldest first. */
export function positions(messages: readonly Groupable[]): Position[] {
  return messages.map((message, i) => {
    const joinsPrevious = i > 0 && continues(messages[i - 1], message);
    const joinsNext = i < messages.length - 1 && continues(message, messages[i + 1]);
    if (joinsPrevious && joinsNext) return "MIDDLE";
    if (joinsPrevious) return "END";
    if (joinsNext) return "START";
    return "SOLO";
  });
}

/** Time-ago text appears only for a message older than 30 minutes. */
export function showsTimeAgo(time: number, now: number): boolean {
  return now - time > GROUP_GAP_MS;
}

export type AgoUnit = "year" | "month" | "week" | "day" | "hour" | "minute" | "now";

const UNITS: [AgoUnit, number][] = [
  ["year", 365 * 24 * 3600_000],
  ["month", 30 * 24 * 3600_000],
  ["week", 7 * 24 * 3600_000],
  ["day", 24 * 3600_000],
  ["hour", 3600_000],
  ["minute", 60_000],
];

/**
 * How long ago, in the largest whole unit: { unit: "hour", n: 3 }; under a minute is "now". The words come
 * from the translations (`chat.ago.<unit>`): browsers' Intl data for Georgian is not everywhere.
 */
export function timeAgo(time: number, now: number): { unit: AgoUnit; n: number } {
  const elapsed = Math.max(0, now - time);
  for (const [unit, ms] of UNITS) {
    if (elapsed >= ms) return { unit, n: Math.floor(elapsed / ms) };
  }
  return { unit: "now", n: 0 };
}
