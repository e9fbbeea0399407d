/**
 * Time left in a session as "hh:mm:ss" (hours may exceed 24), rounded up so it never shows 00:00:00 while
 * still valid; "" once expired; `UNLIMITED` when the session has no expiry (the top bar translates it).
 */
export const UNLIMITED = "unlimited";

export function sessionCountdown(expiresAt: string | null, now: number): string {
  if (expiresAt === null) return UNLIMITED;
  const left = Math.ceil((Date.parse(expiresAt) - now) / 1000);
  if (!(left > 0)) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(left / 3600))}:${pad(Math.floor(left / 60) % 60)}:${pad(left % 60)}`;
}
