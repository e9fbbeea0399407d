/**
 * The background jobs tab: jobs that failed every attempt (services/operations/jobs.ts), with their last error,
 * and a retry that enqueues one afresh. The payload stays on the server.
 */
import { useEffect, useState } from "preact/hooks";
import { Button, DataTable, showToast } from "../../components/ui/mod.ts";
import { ApiError, call } from "../../utils/api_client.ts";
import type { ResponseOf } from "../../components/api.ts";
import { t } from "../../utils/i18n.ts";

type DeadLetterRow = ResponseOf<"GET /jobs/dead">["data"][number];

export function PermissionsDeadLetters() {
  const [rows, setRows] = useState<DeadLetterRow[] | null>(null);
  const [queued, setQueued] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [retrying, setRetrying] = useState<string | null>(null);
  const load = () =>
    call("GET /jobs/dead")
      .then((body) => {
        setRows(body.data);
        setQueued(body.queued);
      })
      .catch((e) => setError(e instanceof ApiError ? e.message : t("errors.unexpected")));
  useEffect(() => {
    load();
  }, []);
  const retry = async (row: DeadLetterRow) => {
    setRetrying(row.id);
    try {
      await call("POST /jobs/dead/{id}/retry", { params: { id: row.id } });
      showToast(t("jobs.retried"));
      await load();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t("errors.unexpected"));
    } finally {
      setRetrying(null);
    }
  };
  if (error) return <p role="alert" class="text-sm text-danger-700">{error}</p>;
  return (
    <div class="space-y-3">
      <p class="text-sm text-gray-600" data-testid="jobs-queued">{t("jobs.queued", { n: queued })}</p>
      <DataTable
        caption={t("jobs.deadLetters")}
        loading={rows === null}
        loadingText={t("common.loading")}
        rows={rows ?? []}
        rowKey={(row) => row.id}
        emptyText={t("jobs.noDeadLetters")}
        columns={[
          { key: "at", header: t("jobs.at"), class: "w-44 font-mono" },
          { key: "name", header: t("jobs.name"), class: "font-mono" },
          { key: "key", header: t("jobs.key"), class: "font-mono" },
          { key: "attempts", header: t("jobs.attempts"), class: "w-20 text-end" },
          { key: "error", header: t("jobs.error") },
          {
            key: "retry",
            header: "",
            class: "w-28",
            render: (row) => (
              <Button
                size="sm"
                variant="secondary"
                loading={retrying === row.id}
                onClick={() => retry(row)}
              >
                {t("jobs.retry")}
              </Button>
            ),
          },
        ]}
      />
    </div>
  );
}
