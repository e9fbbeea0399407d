/**
 * A course's category links (SPEC §2.5 "course category links", §9: 800 px, paginated from an initial limit of
 * 10): the sub-course categories the course belongs to, an add-link control (disabled until a category is
 * chosen, SPEC §5) and removal after a yes/no confirmation. Loaded on first use from the courses table.
 */
import { useEffect, useState } from "preact/hooks";
import {
  Button,
  ConfirmDialog,
  DataTable,
  type DataTableColumn,
  Dialog,
  ErrorDialog,
  Paginator,
  Select,
  showToast,
} from "../ui/mod.ts";
import { ApiError, call } from "../../utils/api_client.ts";
import type { ResponseOf } from "../api.ts";
import { t } from "../../utils/i18n.ts";
import type { BookDialogProps } from "./dialog_props.ts";

type Links = ResponseOf<"GET /books/{id}/sub-links">;
type LinkRow = Links["data"][number];
type Category = ResponseOf<"GET /sub_books">["data"][number];

const INITIAL_LIMIT = 10;

export function CategoriesDialog({ book, can, onClose }: BookDialogProps) {
  const [paging, setPaging] = useState({ page: 1, limit: INITIAL_LIMIT });
  const [links, setLinks] = useState<Links | null>(null);
  const [choices, setChoices] = useState<Category[]>([]);
  const [chosen, setChosen] = useState("");
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<LinkRow | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const manage = can.includes("menu.learningProcesses.learningCourses.categories");
  const failed = (e: unknown) => setError(e instanceof ApiError ? e.message : t("errors.unexpected"));

  useEffect(() => {
    const controller = new AbortController();
    call("GET /books/{id}/sub-links", { params: { id: book.id }, query: paging }, {
      signal: controller.signal,
    })
      .then(setLinks, (e) => e.name !== "AbortError" && failed(e));
    return () => controller.abort();
  }, [book.id, paging.page, paging.limit, version]);

  useEffect(() => {
    call("GET /sub_books", { query: { status: "active", limit: 1000 } })
      .then((r) => setChoices(r.data), failed);
  }, []);

  const add = async () => {
    setAdding(true);
    try {
      await call("POST /books/{id}/sub-links", {
        params: { id: book.id },
        body: { subBookId: Number(chosen) },
      });
      setChosen("");
      showToast(t("books.categories.added"), "success");
      setVersion(version + 1);
    } catch (e) {
      failed(e);
    } finally {
      setAdding(false);
    }
  };
  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await call("DELETE /books/{id}/sub-links/{subBookId}", {
        params: { id: book.id, subBookId: removing.id },
      });
      showToast(t("books.categories.removed"), "success");
      setVersion(version + 1);
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  };

  const linked = new Set(links?.data.map((l) => l.id));
  const columns: DataTableColumn<LinkRow>[] = [
    { key: "id", header: t("books.fields.id"), class: "w-20 tabular-nums" },
    { key: "name", header: t("books.fields.name"), render: (row) => row.name },
    { key: "nameEng", header: t("books.fields.nameEng"), render: (row) => row.nameEng || "—" },
    { key: "credit", header: t("books.fields.credit"), class: "w-20 text-end tabular-nums" },
  ];
  if (manage) {
    columns.push({
      key: "actions",
      header: <span class="sr-only">{t("books.fields.actions")}</span>,
      class: "w-1 text-end",
      render: (row) => (
        <Button
          size="sm"
          variant="ghost"
          class="text-danger-700!"
          aria-label={`${t("books.categories.remove")}: ${row.name}`}
          onClick={() => setRemoving(row)}
        >
          {t("books.categories.remove")}
        </Button>
      ),
    });
  }

  return (
    <>
      <Dialog
        id="book-categories"
        open
        width={800}
        title={t("books.categories.title", { name: book.code || String(book.id) })}
        onClose={onClose}
        closeLabel={t("common.close")}
      >
        <div class="space-y-3">
          {manage && (
            <div class="flex flex-wrap items-end gap-3">
              <Select
                id="book-categories-choice"
                label={t("books.categories.choose")}
                placeholder={t("books.categories.placeholder")}
                class="min-w-64 grow"
                options={choices.map((c) => ({
                  value: String(c.id),
                  label: `${c.id} — ${c.name}`,
                  disabled: linked.has(c.id),
                }))}
                value={chosen}
                onChange={(e) => setChosen(e.currentTarget.value)}
              />
              <Button onClick={add} disabled={!chosen} loading={adding} data-testid="book-categories-add">
                {t("books.categories.add")}
              </Button>
            </div>
          )}
          <DataTable
            columns={columns}
            rows={links?.data ?? []}
            rowKey={(row) => row.id}
            loading={links === null}
            loadingText={t("common.loading")}
            emptyText={t("books.categories.empty")}
            caption={t("books.categories.caption")}
          />
          <Paginator
            id="book-categories-pages"
            total={links?.total ?? 0}
            page={paging.page}
            limit={paging.limit}
            onChange={(page, limit) => setPaging({ page, limit })}
          />
        </div>
      </Dialog>
      <ConfirmDialog
        id="book-categories-remove"
        open={removing !== null}
        title={t("common.confirmTitle")}
        message={removing ? t("books.categories.removeConfirm", { name: removing.name }) : ""}
        yesLabel={t("common.yes")}
        noLabel={t("common.no")}
        danger
        busy={busy}
        onYes={remove}
        onNo={() => !busy && setRemoving(null)}
      />
      <ErrorDialog
        id="book-categories-error"
        message={error}
        title={t("common.errorTitle")}
        okLabel={t("common.ok")}
        onClose={() => setError(null)}
      />
    </>
  );
}
