/**
 * A counter that moves whenever something a signed-in person's identity depends on changes (a user, a role).
 * Cached identities remember the epoch they were read at; a moved epoch makes them stale at once.
 */
let epoch = 0;

export function bumpAuthEpoch(): void {
  epoch++;
}

export function authEpoch(): number {
  return epoch;
}
