/**
 * Points from an .xlsx, in two steps: the file is checked first (a dry run: what each row would change and what
 * is wrong, nothing written), and only a check without wrong rows offers the import, which re-checks and writes.
 */
import { useState } from "preact/hooks";
import { buttonClass } from "../../components/ui/button.tsx";
import { showToast } from "../../components/ui/toast.tsx";
import type { ResponseOf } from "../../components/api.ts";
import { t } from "../../utils/i18n.ts";
import { reloadPage } from "../../components/ui/navigation.ts";

type Report = ResponseOf<"POST /lists/{sectionId}/import">;

export function ListImport({ sectionId }: { sectionId: string }) {
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<Report | null>(null);
  const [failure, setFailure] = useState("");
  const [busy, setBusy] = useState(false);

  // Raw bytes, which the typed JSON client does not send.
  async function send(dryRun: boolean) {
    if (!file) return;
    setBusy(true);
    setFailure("");
    try {
      const res = await fetch(`/api/lists/${encodeURIComponent(sectionId)}/import?dryRun=${dryRun}`, {
        method: "POST",
        credentials: "same-origin",
        headers: { "content-type": "application/octet-stream", accept: "application/json" },
        body: file,
      });
      const body = await res.json().catch(() => null);
      if (!res.ok) {
        const error = body?.error;
        setFailure(error?.fields?.file ?? error?.message ?? t("errors.unexpected"));
        return;
      }
      setReport(body as Report);
      if (!dryRun) {
        showToast(t("lists.import.done", { count: (body as Report).written }), "success");
        reloadPage();
      }
    } catch {
      setFailure(t("errors.network"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <details class="rounded-lg border border-gray-200 bg-white p-3 text-sm" id="list-import">
      <summary class="cursor-pointer font-medium">{t("lists.import.title")}</summary>
      <div class="mt-2 flex flex-wrap items-end gap-2">
        <label class="flex flex-col text-xs">
          {t("lists.import.file")}
          <input
            type="file"
            accept=".xlsx"
            onChange={(e) => {
              setFile((e.currentTarget as HTMLInputElement).files?.[0] ?? null);
              setReport(null);
            }}
          />
        </label>
        <button
          type="button"
          class={buttonClass("secondary", "sm")}
          disabled={!file || busy}
          onClick={() => send(true)}
        >
          {t("lists.import.check")}
        </button>
        {report && report.wrongRows === 0 && report.changes > 0 && (
          <button
            type="button"
            class={buttonClass("primary", "sm")}
            disabled={busy}
            onClick={() => send(false)}
          >
            {t("lists.import.apply", { count: report.changes })}
          </button>
        )}
      </div>
      {failure && <p class="mt-2 text-danger-700" role="alert">{failure}</p>}
      {report && (
        <div class="mt-2" role="status">
          <p>{t("lists.import.summary", { changes: report.changes, wrong: report.wrongRows })}</p>
          <ul class="mt-1 space-y-0.5">
            {report.rows.filter((r) => r.errors.length || r.changes.length).map((r) => (
              <li key={r.row} data-import-row={r.row}>
                {t("lists.import.row", { row: r.row, student: r.studentId ?? "—" })}: {r.errors.length
                  ? <span class="text-danger-700">{r.errors.join("; ")}</span>
                  : r.changes.map((c) =>
                    `${c.from ?? "—"} → ${c.to}`
                  ).join(", ")}
              </li>
            ))}
          </ul>
        </div>
      )}
    </details>
  );
}
