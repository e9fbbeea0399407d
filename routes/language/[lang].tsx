import type { Handlers } from "../../framework/types.ts";
import { isLang, LANG_COOKIE } from "../../utils/i18n.ts";
import { localRedirectTarget } from "../../utils/local_redirect.ts";

const YEAR = 60 * 60 * 24 * 365;

/** Sets the interface language and returns to where the person was (a local path only: no open redirect). */
export const handler: Handlers = {
  GET({ params, url }) {
    const target = localRedirectTarget(url.searchParams.get("next")) ?? "/";
    const headers = new Headers({ location: target });
    if (isLang(params.lang)) {
      headers.set("set-cookie", `${LANG_COOKIE}=${params.lang}; Path=/; Max-Age=${YEAR}; SameSite=Lax`);
    }
    return new Response(null, { status: 303, headers });
  },
};
