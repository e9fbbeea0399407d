/** The dev-mode access-points tab: every API operation with method, path and permission key, as the running
 * server's OpenAPI document states them, filterable by text. */
import { useEffect, useState } from "preact/hooks";
import { DataTable, TextInput } from "../../components/ui/mod.ts";
import { type AccessPoint, accessPointsOf, type OpenApiDoc } from "../../utils/access_points.ts";
import { t } from "../../utils/i18n.ts";

export function PermissionsAccessPoints() {
  const [points, setPoints] = useState<AccessPoint[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [text, setText] = useState("");
  useEffect(() => {
    // The OpenAPI document is the contract itself, served as a file beside the operations.
    fetch("/api/openapi.json", { credentials: "same-origin" })
      .then((r) => r.ok ? r.json() as Promise<OpenApiDoc> : Promise.reject())
      .then((doc) => setPoints(accessPointsOf(doc)))
      .catch(() => setError(t("errors.unexpected")));
  }, []);
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  const shown = (points ?? []).filter((p) =>
    words.every((w) => `${p.method} ${p.path} ${p.operationId} ${p.permission}`.toLowerCase().includes(w))
  );
  if (error) return <p role="alert" class="text-sm text-danger-700">{error}</p>;
  return (
    <div class="space-y-3">
      <TextInput
        id="access-points-filter"
        type="search"
        label={t("structure.search")}
        value={text}
        onInput={(e) => setText(e.currentTarget.value)}
      />
      <p class="text-sm text-gray-600" data-testid="access-points-count">
        {t("permissions.accessPoints.count", { n: points?.length ?? 0 })}
      </p>
      <DataTable
        caption={t("permissions.tabs.access-points")}
        loading={points === null}
        loadingText={t("common.loading")}
        rows={shown}
        rowKey={(p) => `${p.method} ${p.path}`}
        emptyText={t("common.empty")}
        columns={[
          { key: "method", header: t("permissions.accessPoints.method"), class: "w-20 font-mono" },
          { key: "path", header: t("permissions.accessPoints.path"), class: "font-mono" },
          { key: "operationId", header: t("permissions.accessPoints.operationId"), class: "font-mono" },
          { key: "permission", header: t("permissions.accessPoints.permission"), class: "font-mono" },
          { key: "summary", header: t("permissions.accessPoints.summary") },
        ]}
      />
    </div>
  );
}
