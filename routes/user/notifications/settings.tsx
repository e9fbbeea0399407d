import type { Handlers, PageProps, RouteMeta } from "../../../framework/types.ts";
import {
  getSettings,
  NOTIFICATION_KINDS,
  type NotificationSettings,
  setSettings,
} from "../../../services/notifications/mod.ts";
import type { AppState } from "../../../http/app_state.ts";

export const meta: RouteMeta = { titleKey: "sections.notificationSettings" };

const PATH = "/user/notifications/settings";
const CHANNELS = ["inApp", "email", "sms"] as const;

interface SettingsData {
  settings: NotificationSettings;
  saved: boolean;
}

/** Channels per notification kind, stored per person; a plain form (no JavaScript needed). */
export const handler: Handlers<SettingsData, AppState> = {
  async GET({ url, state, render }) {
    return render({
      settings: await getSettings(state.identity!.user.id),
      saved: url.searchParams.has("saved"),
    });
  },
  async POST({ req, state }) {
    const form = await req.formData().catch(() => new FormData());
    const settings = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [
      kind,
      Object.fromEntries(CHANNELS.map((channel) => [channel, form.get(`${kind}.${channel}`) === "on"])),
    ])) as unknown as NotificationSettings;
    await setSettings(state.identity!.user.id, settings);
    return new Response(null, { status: 303, headers: { location: `${PATH}?saved` } });
  },
};

export default function NotificationSettingsPage({ data, state }: PageProps<SettingsData, AppState>) {
  const { t } = state;
  return (
    <section class="max-w-2xl space-y-4">
      <h1 class="text-xl font-semibold">{t("sections.notificationSettings")}</h1>
      {data.saved && (
        <p role="status" class="rounded bg-green-50 p-2 text-green-800">{t("notifications.saved")}</p>
      )}
      <form method="post" action={PATH} class="space-y-4">
        <table class="w-full border border-gray-200 bg-white text-sm">
          <thead>
            <tr class="bg-gray-50">
              <th scope="col" class="p-2 text-left">{t("notifications.kind")}</th>
              {CHANNELS.map((channel) => (
                <th key={channel} scope="col" class="p-2">{t(`notifications.channels.${channel}`)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {NOTIFICATION_KINDS.map((kind) => (
              <tr key={kind} class="border-t border-gray-200">
                <th scope="row" class="p-2 text-left font-normal">{t(`notifications.kinds.${kind}`)}</th>
                {CHANNELS.map((channel) => (
                  <td key={channel} class="p-2 text-center">
                    <input
                      type="checkbox"
                      name={`${kind}.${channel}`}
                      checked={data.settings[kind][channel]}
                      aria-label={`${t(`notifications.kinds.${kind}`)}: ${
                        t(`notifications.channels.${channel}`)
                      }`}
                      class="size-4"
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <button type="submit" class="rounded bg-blue-700 px-4 py-2 text-white hover:bg-blue-800">
          {t("notifications.save")}
        </button>
      </form>
    </section>
  );
}
