/**
 * A course's log entries as a table (the log dialog and the components dialog's own log): when, who, what,
 * and the change — for an edit the fields that differ (before → after), for an addition what was added, for a
 * removal what was removed.
 */
import { formatDisplayDateTime } from "../../utils/date_format.ts";
import { t } from "../../utils/i18n.ts";
import type { ResponseOf } from "../api.ts";
import { EmptyRow, SimpleTable } from "./dialog_kit.tsx";

export type LogEntry = ResponseOf<"GET /book_log/{bookId}">["data"][number];

/** Bookkeeping fields that say nothing to a reader of the log. */
const HIDDEN = new Set(["created_at", "updated_at", "book_id", "bookId", "fileId", "nextId", "nextGroupId"]);
const MAX_TEXT = 300;

function shown(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (Array.isArray(value)) return value.length ? value.map(shown).join("; ") : "—";
  if (typeof value === "object") {
    return Object.entries(value as Record<string, unknown>)
      .filter(([key]) => !HIDDEN.has(key))
      .map(([key, v]) => `${key}: ${typeof v === "object" && v !== null ? `(${shown(v)})` : shown(v)}`)
      .join(", ");
  }
  return String(value);
}

const clipped = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text);

interface Change {
  field: string | null;
  before?: string;
  after?: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

function changesOf(entry: LogEntry): Change[] {
  const { before, after } = entry;
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => !HIDDEN.has(k));
    const changed = keys.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
    return changed.map((field) => ({
      field,
      before: clipped(shown(before[field])),
      after: clipped(shown(after[field])),
    }));
  }
  return [{
    field: null,
    before: before === null || before === undefined ? undefined : clipped(shown(before)),
    after: after === null || after === undefined ? undefined : clipped(shown(after)),
  }];
}

function whatOf(entry: LogEntry): string {
  if (entry.what) return t(`bookDialogs.log.what.${entry.what}`);
  // The course's category links are audited under the course itself (services/books/sub_book_links.ts).
  const value = entry.after ?? entry.before;
  if (isRecord(value) && "subLink" in value) {
    return t(
      entry.action === "remove" ? "bookDialogs.log.course.linkRemoved" : "bookDialogs.log.course.linkAdded",
    );
  }
  return t(`bookDialogs.log.course.${entry.action}`);
}

export function LogTable({ entries, testId }: { entries: readonly LogEntry[]; testId?: string }) {
  const K = "bookDialogs.log";
  return (
    <SimpleTable testId={testId} headers={[t(`${K}.when`), t(`${K}.who`), t(`${K}.what`), t(`${K}.changes`)]}>
      {entries.length === 0 && <EmptyRow columns={4} text={t(`${K}.empty`)} />}
      {entries.map((entry) => (
        <tr key={entry.id} class="ui-tr align-top">
          <td class="ui-td whitespace-nowrap">{formatDisplayDateTime(new Date(entry.at))}</td>
          <td class="ui-td">{entry.actorName ?? t(`${K}.system`)}</td>
          <td class="ui-td">{whatOf(entry)}</td>
          <td class="ui-td">
            <ul class="space-y-0.5">
              {changesOf(entry).map((change, i) => (
                <li key={i} class="break-words">
                  {change.field && <span class="font-medium">{change.field}:</span>}{" "}
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
