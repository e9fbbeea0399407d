/**
 * Bank-statement import: the chosen .csv or .xlsx is sent as a dry run first, and each row is shown with the
 * student it matched, the amount and what is wrong; only then may the person write the new rows. A second
 * import of the same statement shows every row as already imported and writes nothing.
 */
import { useState } from "preact/hooks";
import { ApiError, call } from "../../utils/api_client.ts";
import type { ResponseOf } from "../../components/api.ts";
import { formatGel } from "../../utils/gel.ts";
import { t } from "../../utils/i18n.ts";

type Result = ResponseOf<"POST /finance_imports">;

const MAX_BYTES = 750 * 1024;

function base64Of(bytes: Uint8Array): string {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(text);
}

export function ImportPanel({ lang }: { lang: "ka" | "en" }) {
  const [file, setFile] = useState<{ name: string; content: string } | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [message, setMessage] = useState("");
  const [busy, setBusy] = useState(false);
  const I = "finances.import";

  const send = async (dryRun: boolean) => {
    if (!file) return;
    setBusy(true);
    setMessage("");
    try {
      const r = await call("POST /finance_imports", { body: { ...file, dryRun } });
      setResult(r);
      setMessage(
        dryRun
          ? t(`${I}.checked`, { new: r.counts.new, duplicate: r.counts.duplicate, error: r.counts.error })
          : t(`${I}.written`, { written: r.counts.written, duplicate: r.counts.duplicate }),
      );
    } catch (error) {
      setMessage(
        error instanceof ApiError
          ? [error.message, ...Object.entries(error.fields).map(([k, v]) => `${k}: ${v}`)].join(" · ")
          : t("errors.network"),
      );
    } finally {
      setBusy(false);
    }
  };

  const choose = async (input: HTMLInputElement) => {
    const chosen = input.files?.[0];
    setResult(null);
    setMessage("");
    if (!chosen) return setFile(null);
    if (chosen.size > MAX_BYTES) {
      setFile(null);
      return setMessage(t(`${I}.errors.tooLarge`));
    }
    setFile({ name: chosen.name, content: base64Of(new Uint8Array(await chosen.arrayBuffer())) });
  };

  return (
    <section class="space-y-2 rounded border border-gray-200 p-3" id="finance-import">
      <h2 class="font-semibold">{t(`${I}.title`)}</h2>
      <p class="text-xs text-gray-600">{t(`${I}.format`)}</p>
      <div class="flex flex-wrap items-center gap-2">
        <input
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          aria-label={t(`${I}.file`)}
          onChange={(e) => choose(e.currentTarget)}
        />
        <button
          type="button"
          class="rounded border border-gray-300 px-3 py-1 text-sm"
          disabled={!file || busy}
          onClick={() => send(true)}
        >
          {t(`${I}.dryRun`)}
        </button>
        <button
          type="button"
          class="rounded bg-blue-700 px-3 py-1 text-sm text-white disabled:opacity-50"
          disabled={!file || busy || !result?.dryRun || result.counts.error > 0 || result.counts.new === 0}
          onClick={() => send(false)}
        >
          {t(`${I}.confirm`)}
        </button>
      </div>
      <p role="status" class="text-sm" data-import-status>{message}</p>
      {result && (
        <table class="w-full text-sm" data-import-rows>
          <thead>
            <tr class="text-start">
              <th class="p-1 text-start">{t(`${I}.line`)}</th>
              <th class="p-1 text-start">{t("finances.columns.date")}</th>
              <th class="p-1 text-start">{t("finances.columns.reference")}</th>
              <th class="p-1 text-start">{t("finances.columns.name")}</th>
              <th class="p-1 text-end">{t("finances.columns.amount")}</th>
              <th class="p-1 text-start">{t(`${I}.status`)}</th>
            </tr>
          </thead>
          <tbody>
            {result.rows.slice(0, 500).map((r) => (
              <tr key={r.line} class="border-t border-gray-200" data-status={r.status}>
                <td class="p-1">{r.line}</td>
                <td class="p-1">{r.date}</td>
                <td class="p-1">{r.reference}</td>
                <td class="p-1">{r.studentId ? `${r.studentId} · ${r.student}` : r.student}</td>
                <td class="p-1 text-end">{r.amount === null ? "" : formatGel(r.amount, lang)}</td>
                <td class="p-1">
                  {t(`${I}.statuses.${r.status}`)}
                  {Object.entries(r.errors).map(([k, v]) => <div key={k} class="text-red-700">{v}</div>)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
