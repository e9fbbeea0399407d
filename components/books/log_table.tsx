/**
 * A course's log entries as a table (the log dialog and the components dialog's own log): when, who, what,
 * and the change (log_values.ts) — for an edit the fields that differ under their form labels (before → after),
 * for an addition what was added, for a removal what was removed.
 */
import { formatDisplayDateTime } from "../../utils/date_format.ts";
import { t } from "../../utils/i18n.ts";
import type { ResponseOf } from "../api.ts";
import { readableChanges } from "./log_values.ts";
import { EmptyRow, SimpleTable } from "./dialog_kit.tsx";

export type LogEntry = ResponseOf<"GET /book_log/{bookId}">["data"][number];

function whatOf(entry: LogEntry): string {
  if (entry.what) return t(`bookDialogs.log.what.${entry.what}`);
  // The course's category links are audited under the course itself (services/books/sub_book_links.ts).
  const value = entry.after ?? entry.before;
  if (typeof value === "object" && value !== null && "subLink" in value) {
    return t(
      entry.action === "remove" ? "bookDialogs.log.course.linkRemoved" : "bookDialogs.log.course.linkAdded",
    );
  }
  return t(`bookDialogs.log.course.${entry.action}`);
}

export function LogTable({ entries, testId }: { entries: readonly LogEntry[]; testId?: string }) {
  const K = "bookDialogs.log";
  return (
    <SimpleTable
      testId={testId}
      headers={[t(`${K}.when`), t(`${K}.who`), t(`${K}.action`), t(`${K}.changes`)]}
    >
      {entries.length === 0 && <EmptyRow columns={4} text={t(`${K}.empty`)} />}
      {entries.map((entry) => (
        <tr key={entry.id} class="ui-tr align-top">
          <td class="ui-td whitespace-nowrap">{formatDisplayDateTime(new Date(entry.at))}</td>
          <td class="ui-td">{entry.actorName ?? t(`${K}.system`)}</td>
          <td class="ui-td">{whatOf(entry)}</td>
          <td class="ui-td">
            <ul class="space-y-0.5">
              {readableChanges(entry.before, entry.after).map((change, i) => (
                <li key={i} class="break-words">
                  {change.label && <span class="font-medium">{change.label}:</span>}{" "}
                  {change.before !== undefined && (
                    <span
                      class={change.after !== undefined ? "text-gray-500 line-through" : "text-danger-700"}
                    >
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
    </SimpleTable>
  );
}
