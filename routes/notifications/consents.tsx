import { NotificationTabs } from "../../components/notifications/notification_tabs.tsx";
import { DataTable, DEFAULT_PAGE_SIZE, Paginator } from "../../components/ui/mod.ts";
import type { Handlers, PageProps, RouteMeta } from "../../framework/types.ts";
import {
  CONSENT_POLICY_VERSION,
  type ConsentDecision,
  listDecisions,
} from "../../services/notifications/consent.ts";
import { getManyRecords } from "../../services/db/reads.ts";
import type { User } from "../../services/identity/users.ts";
import { formatDisplayDateTime } from "../../utils/date_format.ts";
import type { AppState } from "../../http/app_state.ts";

export const meta: RouteMeta = {
  titleKey: "shellLive.consents.title",
  permission: "menu.notifications.consents",
};

type Agreed = "" | "yes" | "no";

interface Row extends Omit<ConsentDecision, "sid"> {
  name: string;
  email: string;
}

interface ConsentsPage {
  agreed: Agreed;
  page: number;
  limit: number;
  rows: Row[];
  total: number;
}

const listHref = (agreed: Agreed, page: number, limit: number) => {
  const q = new URLSearchParams();
  if (agreed) q.set("agreed", agreed);
  if (page > 1) q.set("page", String(page));
  if (limit !== DEFAULT_PAGE_SIZE) q.set("limit", String(limit));
  const qs = q.toString();
  return `/notifications/consents${qs ? `?${qs}` : ""}`;
};

/** Staff's view of the personal-data consent decisions on the current policy, filterable and exportable. */
export const handler: Handlers<ConsentsPage, AppState> = {
  async GET({ url, state, render }) {
    const raw = url.searchParams.get("agreed");
    const agreed: Agreed = raw === "yes" || raw === "no" ? raw : "";
    const limitParam = Number(url.searchParams.get("limit"));
    const limit = Number.isSafeInteger(limitParam) && limitParam >= 1
      ? Math.min(limitParam, 1000)
      : DEFAULT_PAGE_SIZE;
    const pageParam = Number(url.searchParams.get("page"));
    const page = Number.isSafeInteger(pageParam) && pageParam >= 1 ? pageParam : 1;
    const { data, total } = await listDecisions({
      agreed: agreed === "" ? undefined : agreed === "yes",
      page,
      limit,
    });
    const users = await getManyRecords<User>("users", data.map((d) => d.userId));
    const rows = data.map(({ sid: _sid, ...d }, i) => {
      const user = users[i]?.value;
      return {
        ...d,
        name: user ? (state.lang === "en" ? user.nameEn : user.name) : "",
        email: user?.email ?? "",
      };
    });
    return render({ agreed, page, limit, rows, total });
  },
};

export default function ConsentsPage({ data, state }: PageProps<ConsentsPage, AppState>) {
  const { t } = state;
  const col = (key: string) => t(`consent.list.columns.${key}`);
  const exportHref = `/api/consent/export${data.agreed ? `?agreed=${data.agreed}` : ""}`;
  return (
    <section class="space-y-4">
      <NotificationTabs selected="consents" t={t} canSeeConsents />
      <div class="flex flex-wrap items-baseline justify-between gap-2">
        <h1 class="text-xl font-semibold">{t("shellLive.consents.title")}</h1>
        <p class="text-sm text-gray-600">
          {t("shellLive.consents.version", { version: CONSENT_POLICY_VERSION })}
        </p>
      </div>
      <form method="get" action="/notifications/consents" class="flex flex-wrap items-end gap-3">
        <label class="flex flex-col text-sm">
          {col("decision")}
          <select name="agreed" class="mt-1 rounded-md border border-gray-300 px-3 py-1.5 text-sm">
            <option value="" selected={data.agreed === ""}>{t("common.all")}</option>
            <option value="yes" selected={data.agreed === "yes"}>{t("consent.list.agreed")}</option>
            <option value="no" selected={data.agreed === "no"}>{t("consent.list.refused")}</option>
          </select>
        </label>
        <button
          type="submit"
          class="rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm shadow-sm"
        >
          {t("common.filter")}
        </button>
        <a
          href={exportHref}
          data-native
          class="rounded-md bg-primary-600 px-3 py-1.5 text-sm text-white"
          download
        >
          {t("common.export")}
        </a>
      </form>
      <DataTable
        columns={[
          { key: "userId", header: col("id"), render: (r: Row) => r.userId },
          { key: "name", header: col("name"), render: (r: Row) => r.name },
          { key: "email", header: col("email"), render: (r: Row) => r.email },
          {
            key: "decision",
            header: col("decision"),
            render: (r: Row) => t(r.agreed ? "consent.list.agreed" : "consent.list.refused"),
          },
          {
            key: "method",
            header: col("method"),
            render: (r: Row) => r.method === "sms" ? "SMS" : t("consent.list.plain"),
          },
          { key: "at", header: col("at"), render: (r: Row) => formatDisplayDateTime(r.at) },
          { key: "ip", header: col("ip"), render: (r: Row) => r.ip },
        ]}
        rows={data.rows}
        rowKey={(r) => r.userId}
        emptyText={t("shellLive.consents.empty")}
        caption={t("shellLive.consents.title")}
      />
      <Paginator
        id="consent-pages"
        total={data.total}
        page={data.page}
        limit={data.limit}
        hrefFor={(page, limit) => listHref(data.agreed, page, limit)}
      />
    </section>
  );
}
