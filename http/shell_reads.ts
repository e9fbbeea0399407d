/**
 * What every signed-in page reads before it renders synchronously: the edited texts, the stored menu and
 * parameters (kept by version keys, so current whichever instance wrote them), the bell's count and the
 * consent state. A page of a session this process has seen starts them in the same turn as the session's own
 * check (http/platform.ts), so the reads of both go to KV as one `getMany` (db/coalesced_reads.ts).
 */
import { authParams } from "../services/identity/params.ts";
import { loadMenu } from "../services/shell/menu_store.ts";
import { primeUnreadBadge } from "../services/notifications/mod.ts";
import { primeConsent } from "../services/notifications/consent.ts";
import { refreshTranslationOverrides } from "../services/languages/overrides.ts";
import type { AppState } from "./app_state.ts";

export function readShell(state: AppState, userId: number, sid: string): Promise<unknown> {
  return Promise.all([
    refreshTranslationOverrides(),
    loadMenu(),
    authParams(),
    primeUnreadBadge(state, userId),
    primeConsent(state, userId, sid),
  ]);
}

/** Requests that may render a page with the shell (not the API, the top bar's event calls, files or sockets). */
export function mayRenderShell(method: string, path: string): boolean {
  return (method === "GET" || method === "HEAD") && !/^\/(api|event|static|ws)\//.test(path);
}
