import { formatDisplayDateTime } from "../../utils/date_format.ts";
import { useEffect, useState } from "preact/hooks";
import { Dialog, Spinner } from "../ui/mod.ts";
import { ApiError, call } from "../../utils/api_client.ts";
import type { InputOf, Operation, ResponseOf } from "../api.ts";
import { t } from "../../utils/i18n.ts";
import { plainValue } from "../books/log_values.ts";

/** One audit entry as the `…Log` operations return it. */
export type HistoryEntry = ResponseOf<"GET /schools/{id}/log">["data"][number];

/** The operations that answer a change log. */
type LogOperation = {
  [K in Operation]: ResponseOf<K> extends { data: HistoryEntry[] } ? K : never;
}[Operation];

/** Which log to show: its operation and that operation's input, e.g. `{ key: "GET /roles/{id}/log", input: … }`. */
export type HistorySource = { [K in LogOperation]: { key: K; input: InputOf<K> } }[LogOperation];

export interface HistoryDialogProps {
  id: string;
  /** The log to show; the dialog is open while this is not null. */
  source: HistorySource | null;
  title: string;
  /** Field name → label; fields without a label (ids) are not shown. */
  fieldLabels: Readonly<Record<string, string>>;
  /** Shows a stored value, e.g. a level number as its name. */
  formatValue?: (field: string, value: unknown) => string;
  onClose: () => void;
}

interface Change {
  field: string;
  before?: string;
  after?: string;
}

// Yes/no, lists, linked records by their names: never a stored structure or "true".
const plain = (_field: string, value: unknown) => plainValue(value);

function changesOf(entry: HistoryEntry, labels: HistoryDialogProps["fieldLabels"], show = plain): Change[] {
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  return Object.keys(labels).flatMap((field): Change[] => {
    if (entry.action === "create") return [{ field, after: show(field, after[field]) }];
    if (entry.action === "remove") return [{ field, before: show(field, before[field]) }];
    if (JSON.stringify(before[field]) === JSON.stringify(after[field])) return [];
    return [{ field, before: show(field, before[field]), after: show(field, after[field]) }];
  });
}

/** SPEC §9 "logs 900": who changed what and when, newest first, read from the record's audit entries. */
export function HistoryDialog({ id, source, title, fieldLabels, formatValue, onClose }: HistoryDialogProps) {
  const [entries, setEntries] = useState<HistoryEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const sourceKey = source && JSON.stringify(source);
  useEffect(() => {
    if (source === null) return;
    const controller = new AbortController();
    setEntries(null);
    setError(null);
    // Each source is one operation with its own input; the union is too wide for the call's signature.
    (call as (
      key: string,
      input: unknown,
      options: { signal: AbortSignal },
    ) => Promise<ResponseOf<LogOperation>>)(
      source.key,
      source.input,
      { signal: controller.signal },
    )
      .then((body) => setEntries(body.data))
      .catch((e) => {
        if (e instanceof ApiError) setError(e.message);
        else if ((e as Error).name !== "AbortError") setError(t("errors.unexpected"));
      });
    return () => controller.abort();
  }, [sourceKey]);

  return (
    <Dialog id={id} open={source !== null} title={title} width={900} onClose={onClose}>
      {error !== null
        ? <p class="text-sm text-danger-700" role="alert">{error}</p>
        : entries === null
        ? <Spinner size="md" label={t("common.loading")} class="mx-auto my-6" />
        : entries.length === 0
        ? <p class="py-6 text-center text-sm text-gray-500">{t("structure.history.empty")}</p>
        : (
          <table class="min-w-full divide-y divide-gray-200 text-sm" data-testid="history-table">
            <thead class="bg-gray-50 text-start text-xs font-semibold text-gray-600 uppercase">
              <tr>
                <th scope="col" class="px-3 py-2 text-start">{t("structure.history.when")}</th>
                <th scope="col" class="px-3 py-2 text-start">{t("structure.history.who")}</th>
                <th scope="col" class="px-3 py-2 text-start">{t("structure.history.action")}</th>
                <th scope="col" class="px-3 py-2 text-start">{t("structure.history.changes")}</th>
              </tr>
            </thead>
            <tbody class="divide-y divide-gray-100 align-top">
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td class="px-3 py-2 whitespace-nowrap">
                    {formatDisplayDateTime(new Date(entry.at))}
                  </td>
                  <td class="px-3 py-2">{entry.actorName ?? t("structure.history.system")}</td>
                  <td class="px-3 py-2">{t(`structure.history.actions.${entry.action}`)}</td>
                  <td class="px-3 py-2">
                    <ul class="space-y-0.5">
                      {changesOf(entry, fieldLabels, formatValue).map((change) => (
                        <li key={change.field}>
                          <span class="font-medium">{fieldLabels[change.field]}:</span>{" "}
                          {change.before !== undefined && (
                            <span class={change.after !== undefined ? "text-gray-500 line-through" : ""}>
                              {change.before}
                            </span>
                          )}
                          {change.before !== undefined && change.after !== undefined && " → "}
                          {change.after !== undefined && <span>{change.after}</span>}
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
    </Dialog>
  );
}
