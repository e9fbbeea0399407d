/**
 * The professors dialog (SPEC §2.5, §9 professors 600): the course's professors with id, prof_id, prof_name and
 * price, edit and remove per row, and an add button; the form picks an academic staff member and sets the
 * price, additional pay (hours and price) and free time (hours).
 */
import { useState } from "preact/hooks";
import { Button, Dialog } from "../ui/mod.ts";
import { call } from "../../utils/api_client.ts";
import type { ResponseOf } from "../api.ts";
import { currentLang, t } from "../../utils/i18n.ts";
import { courseLabel, EmptyRow, LoadState, SimpleTable, useFeedback, useLoaded } from "./dialog_kit.tsx";
import type { BookDialogProps } from "./dialog_props.ts";
import { ProfessorForm } from "./professor_form.tsx";

export type ProfessorRow = ResponseOf<"GET /book_professors/{bookId}">["data"][number];

const K = "bookDialogs.professors";

export function ProfessorsDialog({ book, onClose }: BookDialogProps) {
  const lang = currentLang();
  const list = useLoaded("GET /book_professors/{bookId}", { params: { bookId: book.id } });
  const feedback = useFeedback("book-professors");
  const [editing, setEditing] = useState<ProfessorRow | "new" | null>(null);
  const nameOf = (row: ProfessorRow) => (lang === "en" && row.prof_name_en) || row.prof_name;

  const remove = (row: ProfessorRow) =>
    feedback.confirm(t(`${K}.removeConfirm`, { name: nameOf(row) }), async () => {
      await call("DELETE /book_professors/{bookId}/{id}", { params: { bookId: book.id, id: row.id } });
      list.reload();
    });

  return (
    <Dialog
      id="book-professors"
      open
      width={600}
      title={t(`${K}.title`, { course: courseLabel(book, lang) })}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>{t("common.close")}</Button>
          <Button onClick={() => setEditing("new")} data-testid="professor-add">{t(`${K}.add`)}</Button>
        </>
      }
    >
      <LoadState loaded={list}>
        {({ data }) => (
          <SimpleTable
            testId="professors-table"
            headers={[
              t(`${K}.id`),
              t(`${K}.profId`),
              t(`${K}.name`),
              t(`${K}.price`),
              <span key="actions" class="sr-only">{t(`${K}.actions`)}</span>,
            ]}
          >
            {data.length === 0 && <EmptyRow columns={5} text={t(`${K}.empty`)} />}
            {data.map((row) => (
              <tr key={row.id} class="ui-tr">
                <td class="ui-td">{row.id}</td>
                <td class="ui-td">{row.prof_id}</td>
                <td class="ui-td">
                  <div>{nameOf(row)}</div>
                  {(row.additionalPay || row.hasFreeTime) && (
                    <div class="text-xs text-gray-500">
                      {row.additionalPay &&
                        t(`${K}.additionalSummary`, {
                          hours: row.additionalPayTime ?? 0,
                          price: row.additionalPayPrice ?? 0,
                        })}
                      {row.additionalPay && row.hasFreeTime && " · "}
                      {row.hasFreeTime && t(`${K}.freeSummary`, { hours: row.freeTime ?? 0 })}
                    </div>
                  )}
                </td>
                <td class="ui-td">{row.price}</td>
                <td class="ui-td text-end whitespace-nowrap">
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`${t(`${K}.edit`)}: ${nameOf(row)}`}
                    onClick={() => setEditing(row)}
                  >
                    {t(`${K}.edit`)}
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    class="text-danger-700"
                    aria-label={`${t(`${K}.remove`)}: ${nameOf(row)}`}
                    onClick={() => remove(row)}
                  >
                    {t(`${K}.remove`)}
                  </Button>
                </td>
              </tr>
            ))}
          </SimpleTable>
        )}
      </LoadState>
      {editing !== null && (
        <ProfessorForm
          bookId={book.id}
          row={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            list.reload();
          }}
          fail={feedback.fail}
        />
      )}
      {feedback.dialogs}
    </Dialog>
  );
}
