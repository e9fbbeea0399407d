/**
 * One report (/reports/{id}): its filter, a paginated preview in the one table, and the .xlsx of exactly that
 * filter. The filter lives in the address: the form is a GET form (it works without JavaScript), and once
 * hydrated a change fetches the API's page of rows (the table shows it is loading meanwhile) and puts the same
 * query in the address, so a reload or a shared link shows the same report. The API's 422 names each field.
 */
import { useState } from "preact/hooks";
import { DataTable, type DataTableColumn } from "../../components/ui/data_table.tsx";
import { Paginator } from "../../components/ui/paginator.tsx";
import { DownloadButton } from "../../components/ui/download_button.tsx";
import { CONTROL_CLASS, controlAria, Field } from "../../components/ui/field.tsx";
import type { FilterField } from "../../components/reports/filter_fields.ts";
import type { ReportPreview } from "../../services/reports/preview.ts";
import type { ReportRow } from "../../services/reports/model.ts";
import { formatDisplayDate } from "../../utils/date_format.ts";
import { type ApiError, call } from "../../utils/api_client.ts";
import type { InputOf } from "../../components/api.ts";
import type { ReportId } from "../../services/reports/model.ts";
import { t } from "../../utils/i18n.ts";

export interface ReportViewProps {
  report: string;
  fields: FilterField[];
  /** The filter as the address has it (text values), without paging. */
  query: Record<string, string>;
  preview: ReportPreview | null;
  /** Field errors of the address's filter, translated. */
  errors: Record<string, string>;
  /** Said in place of the table while there is no preview (a section report before a section is chosen). */
  hint: string | null;
  /** The look of the export link (components/ui/download_button.tsx says why it comes from the server). */
  exportClass: string;
  submitClass: string;
}

const PAGE_SIZES = [20, 50, 100, 500];

function queryString(query: Record<string, string>, paging?: { page: number; limit: number }): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== "") params.set(key, value);
  if (paging && paging.page > 1) params.set("page", String(paging.page));
  if (paging && paging.limit !== PAGE_SIZES[0]) params.set("limit", String(paging.limit));
  return params.toString();
}

function cellOf(row: ReportRow, column: ReportPreview["columns"][number]) {
  const value = row[column.key];
  if (value === null || value === undefined) return "";
  if (column.kind === "money" && typeof value === "number") return value.toFixed(2);
  if (column.kind === "date" && typeof value === "string") return formatDisplayDate(value);
  if (column.kind === "section") {
    const id = encodeURIComponent(String(value));
    return (
      <span class="flex gap-2">
        <a class="text-primary-700 underline" href={`/reports/course_grades?sectionId=${id}`}>
          {t("reports.gradesLink")}
        </a>
        <a class="text-primary-700 underline" href={`/reports/rosters?sectionId=${id}`}>
          {t("reports.rosterLink")}
        </a>
      </span>
    );
  }
  return String(value);
}

export function ReportView(props: ReportViewProps) {
  const [query, setQuery] = useState(props.query);
  const [preview, setPreview] = useState(props.preview);
  const [errors, setErrors] = useState(props.errors);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const load = async (next: Record<string, string>, page: number, limit: number) => {
    setLoading(true);
    setFailure(null);
    // The address leaves out the first page and the first size; the API is told both.
    const qs = queryString(next, { page, limit });
    const apiQs = new URLSearchParams(queryString(next));
    apiQs.set("page", String(page));
    apiQs.set("limit", String(limit));
    try {
      // Every report's preview answers the same shape; the filter's text values are the API's query as typed.
      const key = `GET /reports/${props.report}` as `GET /reports/${ReportId}`;
      setPreview(await call(key, { query: Object.fromEntries(apiQs) } as InputOf<typeof key>));
      setErrors({});
      setQuery(next);
      history.pushState(null, "", `/reports/${props.report}${qs ? `?${qs}` : ""}`);
    } catch (error) {
      const failed = error as ApiError;
      if (failed.status === 422 && Object.keys(failed.fields).length) setErrors(failed.fields);
      else setFailure(failed.message);
    } finally {
      setLoading(false);
    }
  };

  const submit = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const next: Record<string, string> = {};
    for (const field of props.fields) next[field.name] = String(form.get(field.name) ?? "").trim();
    load(next, 1, preview?.limit ?? PAGE_SIZES[0]);
  };

  const columns: DataTableColumn<ReportRow>[] = (preview?.columns ?? []).map((column) => ({
    key: column.key,
    header: column.label,
    class: column.kind === "number" || column.kind === "money" ? "text-end" : undefined,
    render: (row) => cellOf(row, column),
  }));
  const exportQuery = queryString(query);

  return (
    <div class="space-y-4">
      <form
        method="get"
        action={`/reports/${props.report}`}
        class="flex flex-wrap items-end gap-3"
        aria-label={t("reports.filters")}
        onSubmit={submit}
        data-testid="report-filter"
      >
        {props.fields.map((field) => {
          const id = `report-${field.name}`;
          const error = errors[field.name] ?? null;
          const common = {
            id,
            name: field.name,
            class: CONTROL_CLASS,
            ...controlAria({ id, error }),
          };
          return (
            <Field
              key={field.name}
              id={id}
              label={field.label}
              error={error}
              required={field.required}
              class="w-48"
            >
              {field.kind === "select"
                ? (
                  // `selected` on the option, not `value` on the select: the server's HTML must carry it.
                  <select {...common}>
                    {field.placeholder !== undefined && <option value="">{field.placeholder}</option>}
                    {field.options?.map((o) => (
                      <option key={o.value} value={o.value} selected={o.value === query[field.name]}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                )
                : (
                  <input
                    {...common}
                    type={field.kind === "text" ? "text" : field.kind}
                    value={query[field.name] ?? ""}
                    required={field.required}
                  />
                )}
            </Field>
          );
        })}
        <button type="submit" class={props.submitClass}>{t("reports.show")}</button>
        {preview && (
          <DownloadButton
            href={`/api/reports/${props.report}/export${exportQuery ? `?${exportQuery}` : ""}`}
            label={t("reports.export")}
            progressLabel={t("reports.exporting")}
            fallbackName={`report-${props.report}.xlsx`}
            testId="report-export"
            class={props.exportClass}
          />
        )}
      </form>
      {failure && <p role="alert" class="text-sm text-danger-700">{failure}</p>}
      {preview
        ? (
          <>
            <p class="text-sm text-gray-600" aria-live="polite" data-testid="report-total">
              {t("reports.total", { count: preview.total })}
            </p>
            <DataTable<ReportRow>
              caption={preview.title}
              columns={columns}
              rows={preview.rows}
              emptyText={t("reports.noRows")}
              loading={loading}
              loadingText={t("reports.loading")}
            />
            {preview.total > PAGE_SIZES[0] && (
              <Paginator
                id="report-pages"
                total={preview.total}
                page={preview.page}
                limit={preview.limit}
                pageSizes={PAGE_SIZES}
                onChange={(page, limit) => load(query, page, limit)}
              />
            )}
          </>
        )
        : props.hint && <p class="text-sm text-gray-600">{props.hint}</p>}
    </div>
  );
}
