import type { AuthView } from "../framework/api.ts";
import type { BaseState } from "../framework/types.ts";
import type { Identity } from "../services/identity/auth.ts";
import type { Lang, Translate } from "../utils/i18n.ts";

/** What every page and middleware sees about the request. */
export interface AppState extends BaseState {
  lang: Lang;
  t: Translate;
  auth: AuthView;
  /** The signed-in person, their session and keys; null when nobody is signed in. */
  identity: Identity | null;
  /** Content hash of the language's dictionary, so islands fetch it cache-safely. */
  i18nVersion: string;
  /** URL of the built stylesheet. */
  css: string;
  /** The shell's reads for the person the token last named, started beside the session's check (shell_reads.ts). */
  shellRead?: { sid: string; done: Promise<unknown> };
}
