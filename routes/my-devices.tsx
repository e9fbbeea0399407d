import { formatDisplayDateTime } from "../utils/date_format.ts";
import type { Handlers, PageProps, RouteMeta } from "../framework/types.ts";
import { CachedFragment } from "../framework/islands.ts";
import { revokeSession, type Session } from "../services/identity/sessions.ts";
import { listUserSessions } from "../services/identity/user_sessions.ts";
import { describeUserAgent } from "../services/identity/user_agent.ts";
import { memoByIdentity } from "../utils/identity_tag.ts";
import type { AppState } from "../http/app_state.ts";

export const meta: RouteMeta = { titleKey: "devices.title" };

interface DevicesData {
  sessions: readonly Session[];
  currentSid: string;
}

/** The sessions as the table's cache key: written once per list (listUserSessions hands the same list back). */
const sessionsKey = memoByIdentity((sessions: readonly Session[]) => JSON.stringify(sessions));

/**
 * The person's sessions, the current one marked; ending one signs that device out at once. The table is kept once
 * rendered under the sessions it lists (their records, which a touch or a revocation changes) and the current one.
 */
export const handler: Handlers<DevicesData, AppState> = {
  async GET({ state, render }) {
    const { user, session } = state.identity!;
    return render({ sessions: await listUserSessions(user.id), currentSid: session.sid });
  },
  async POST({ req, state }) {
    const form = await req.formData().catch(() => new FormData());
    const sid = String(form.get("sid") ?? "");
    const own = await listUserSessions(state.identity!.user.id);
    if (own.some((s) => s.sid === sid)) await revokeSession(sid);
    const location = sid === state.identity!.session.sid ? "/login" : "/my-devices";
    return new Response(null, { status: 303, headers: { location } });
  },
};

export default function MyDevices({ data, state }: PageProps<DevicesData, AppState>) {
  const { t } = state;
  return (
    <section class="max-w-3xl">
      <h1 class="mb-4 text-2xl font-semibold">{t("devices.title")}</h1>
      <CachedFragment
        cacheKey={`devices\u0000${data.currentSid}\u0000${sessionsKey(data.sessions)}`}
        render={() => (
          <div class="overflow-x-auto rounded-lg border border-gray-200 bg-white">
            <table class="devices w-full text-left text-sm">
              <thead class="bg-gray-50 text-gray-600">
                <tr>
                  <th scope="col">{t("devices.browser")}</th>
                  <th scope="col">{t("devices.address")}</th>
                  <th scope="col">{t("devices.lastSeen")}</th>
                  <th scope="col">
                    <span class="sr-only">{t("devices.actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.sessions.map((s) => (
                  <tr
                    key={s.sid}
                    data-current={s.sid === data.currentSid ? "true" : undefined}
                  >
                    <td>
                      <span lang="zxx">{describeUserAgent(s.userAgent)}</span>
                      {s.sid === data.currentSid && (
                        <span class="ml-2 rounded bg-primary-50 px-1.5 py-0.5 text-xs font-medium text-primary-800">
                          {t("devices.current")}
                        </span>
                      )}
                    </td>
                    <td class="font-mono text-xs">{s.ip || "—"}</td>
                    <td>{formatDisplayDateTime(new Date(s.lastSeenAt))}</td>
                    <td class="text-right">
                      <form method="post">
                        <input type="hidden" name="sid" value={s.sid} />
                        <button type="submit">
                          {s.sid === data.currentSid ? t("shell.logout") : t("devices.revoke")}
                        </button>
                      </form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      />
    </section>
  );
}
