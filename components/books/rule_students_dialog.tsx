/**
 * The rule-students dialog (SPEC §2.5, §9 rule students 600): a text field for student ids separated by
 * spaces, commas or new lines, add and clear buttons, and the list of the course's rule students. Unknown ids
 * are reported after adding; clearing asks first.
 */
import { useState } from "preact/hooks";
import { Button, Dialog, Textarea, useSave } from "../ui/mod.ts";
import { call } from "../../utils/api_client.ts";
import type { ResponseOf } from "../api.ts";
import { currentLang, t } from "../../utils/i18n.ts";
import { courseLabel, EmptyRow, LoadState, SimpleTable, useFeedback, useLoaded } from "./dialog_kit.tsx";
import type { BookDialogProps } from "./dialog_props.ts";

type Added = ResponseOf<"POST /rule_students/{bookId}">;

const K = "bookDialogs.ruleStudents";
const PAGE = 50;

export function RuleStudentsDialog({ book, onClose }: BookDialogProps) {
  const lang = currentLang();
  const [page, setPage] = useState(1);
  const list = useLoaded("GET /rule_students/{bookId}", {
    params: { bookId: book.id },
    query: { page, limit: PAGE },
  });
  const feedback = useFeedback("rule-students");
  const [text, setText] = useState("");
  const [report, setReport] = useState<Added | null>(null);
  const form = useSave({
    id: "rule-students-form",
    fields: ["studentIds"],
    save: () => {
      setReport(null);
      return call("POST /rule_students/{bookId}", {
        params: { bookId: book.id },
        body: { studentIds: text },
      });
    },
    onSaved: (result) => {
      setReport(result);
      setText(result.unknown.join(" "));
      list.reload();
    },
  });

  const clear = () =>
    feedback.confirm(t(`${K}.clearConfirm`), async () => {
      await call("DELETE /rule_students/{bookId}", { params: { bookId: book.id } });
      setReport(null);
      setPage(1);
      list.reload();
    });

  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE));
  return (
    <Dialog
      id="rule-students"
      open
      width={600}
      title={t(`${K}.title`, { course: courseLabel(book, lang) })}
      onClose={onClose}
      footer={<Button variant="secondary" onClick={onClose}>{t("common.close")}</Button>}
    >
      <div class="flex flex-col gap-3">
        <Textarea
          id="rule-students-ids"
          label={t(`${K}.ids`)}
          hint={t(`${K}.idsHint`)}
          rows={3}
          value={text}
          error={form.fieldErrors.studentIds}
          onInput={(e) => setText(e.currentTarget.value)}
        />
        <div class="flex flex-wrap gap-2">
          <Button
            onClick={() => form.submit()}
            loading={form.saving}
            disabled={!text.trim()}
            data-testid="rule-students-add"
          >
            {t(`${K}.add`)}
          </Button>
          <Button variant="danger" onClick={clear} disabled={total === 0} data-testid="rule-students-clear">
            {t(`${K}.clear`)}
          </Button>
        </div>
        {report && (
          <div role="status" class="rounded-md bg-gray-50 p-3 text-sm" data-testid="rule-students-report">
            <p>{t(`${K}.added`, { count: report.added.length })}</p>
            {report.alreadyListed.length > 0 && (
              <p>{t(`${K}.alreadyListed`, { ids: report.alreadyListed.join(", ") })}</p>
            )}
            {report.unknown.length > 0 && (
              <p class="text-danger-700">{t(`${K}.unknown`, { ids: report.unknown.join(", ") })}</p>
            )}
          </div>
        )}
        <LoadState loaded={list}>
          {({ data }) => (
            <SimpleTable testId="rule-students-table" headers={[t(`${K}.studentId`), t(`${K}.name`)]}>
              {data.length === 0 && <EmptyRow columns={2} text={t(`${K}.empty`)} />}
              {data.map((row) => (
                <tr key={row.studentId} class="ui-tr">
                  <td class="ui-td">{row.studentId}</td>
                  <td class="ui-td">{(lang === "en" && row.nameEn) || row.name}</td>
                </tr>
              ))}
            </SimpleTable>
          )}
        </LoadState>
        {pages > 1 && (
          <div class="flex items-center justify-end gap-2 text-sm">
            <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t(`${K}.previous`)}
            </Button>
            <span>{t(`${K}.page`, { page, pages, total })}</span>
            <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              {t(`${K}.next`)}
            </Button>
          </div>
        )}
      </div>
      {feedback.dialogs}
      {form.dialogs}
    </Dialog>
  );
}
