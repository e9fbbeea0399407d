/**
 * The components dialog (SPEC §2.4, §9 components 900): the course's assessment components as an editable
 * set — name in both languages, weight %, minimum score — saved at once, the weights totalling 100; and, with
 * the components log key, the components' own change history. Removing a row asks first; nothing is stored
 * until the set is saved.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { Button, Dialog, NumberInput, TextInput, useSave } from "../ui/mod.ts";
import { call } from "../../utils/api_client.ts";
import { currentLang, t } from "../../utils/i18n.ts";
import { allowed, courseLabel, LoadState, useFeedback, useLoaded } from "./dialog_kit.tsx";
import type { BookDialogProps } from "./dialog_props.ts";
import { LogTable } from "./log_table.tsx";

interface Component {
  nameKa: string;
  nameEn: string;
  weight: string;
  minScore: string;
}

const K = "bookDialogs.components";
const blank = (): Component => ({ nameKa: "", nameEn: "", weight: "", minScore: "0" });
const hundredths = (text: string) => Math.round((Number(text) || 0) * 100);

export function ComponentsDialog({ book, can, onClose, onChanged }: BookDialogProps) {
  const stored = useLoaded("GET /book_components/{bookId}", { params: { bookId: book.id } });
  const feedback = useFeedback("book-components");
  const [rows, setRows] = useState<Component[] | null>(null);
  const [saved, setSaved] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const mayLog = allowed(can, "components.logs");
  // The list's componentCount: when a save changed it, the list reloads as the dialog closes (reloading the
  // page region earlier would close this dialog).
  const count = useRef(book.componentCount);
  const close = () => {
    onClose();
    if (count.current !== book.componentCount) onChanged();
  };

  useEffect(() => {
    if (stored.data) {
      setRows(
        stored.data.data.map((c) => ({ ...c, weight: String(c.weight), minScore: String(c.minScore) })),
      );
    }
  }, [stored.data]);

  const update = (i: number, name: keyof Component, value: string) => {
    setSaved(false);
    setRows(rows!.map((row, n) => (n === i ? { ...row, [name]: value } : row)));
  };
  const removeRow = (i: number) =>
    feedback.confirm(t(`${K}.removeConfirm`, { name: rows![i].nameKa || String(i + 1) }), () => {
      setSaved(false);
      setRows(rows!.filter((_, n) => n !== i));
      return Promise.resolve();
    });

  const form = useSave({
    id: "book-components-form",
    save: () =>
      call("PUT /book_components/{bookId}", {
        params: { bookId: book.id },
        body: { items: rows!.map((r) => ({ ...r })) },
      }),
    onSaved: (result) => {
      stored.setData(result);
      setSaved(true);
      count.current = result.data.length;
    },
  });
  const errors = form.fieldErrors;

  const total = (rows ?? []).reduce((sum, r) => sum + hundredths(r.weight), 0) / 100;
  return (
    <Dialog
      id="book-components"
      open
      width={900}
      title={t(`${K}.title`, { course: courseLabel(book, currentLang()) })}
      onClose={close}
      footer={
        <>
          {mayLog && (
            <Button
              variant="secondary"
              onClick={() => setShowLog(!showLog)}
              data-testid="components-log"
            >
              {t(showLog ? `${K}.hideLog` : `${K}.showLog`)}
            </Button>
          )}
          <Button variant="secondary" onClick={close}>{t("common.close")}</Button>
          <Button
            onClick={() => form.submit()}
            loading={form.saving}
            disabled={rows === null}
            data-testid="components-save"
          >
            {t(`${K}.save`)}
          </Button>
        </>
      }
    >
      {showLog ? <ComponentsLog bookId={book.id} /> : (
        <LoadState loaded={stored}>
          {() => (
            <div class="flex flex-col gap-3">
              {(rows ?? []).length === 0 && (
                <p class="py-4 text-center text-sm text-gray-500">{t(`${K}.empty`)}</p>
              )}
              {(rows ?? []).map((row, i) => (
                <fieldset
                  key={i}
                  class="grid grid-cols-[1fr_1fr_7rem_7rem_auto] items-end gap-2"
                  data-testid="component-row"
                >
                  <legend class="sr-only">{t(`${K}.row`, { n: i + 1 })}</legend>
                  <TextInput
                    id={`component-${i}-nameKa`}
                    label={t(`${K}.nameKa`)}
                    required
                    value={row.nameKa}
                    error={errors[`items.${i}.nameKa`]}
                    onInput={(e) => update(i, "nameKa", e.currentTarget.value)}
                  />
                  <TextInput
                    id={`component-${i}-nameEn`}
                    label={t(`${K}.nameEn`)}
                    required
                    value={row.nameEn}
                    error={errors[`items.${i}.nameEn`]}
                    onInput={(e) => update(i, "nameEn", e.currentTarget.value)}
                  />
                  <NumberInput
                    id={`component-${i}-weight`}
                    label={t(`${K}.weight`)}
                    required
                    value={row.weight}
                    min={0}
                    max={100}
                    step="0.01"
                    error={errors[`items.${i}.weight`]}
                    onInput={(e) => update(i, "weight", e.currentTarget.value)}
                  />
                  <NumberInput
                    id={`component-${i}-minScore`}
                    label={t(`${K}.minScore`)}
                    value={row.minScore}
                    min={0}
                    step="0.01"
                    error={errors[`items.${i}.minScore`]}
                    onInput={(e) => update(i, "minScore", e.currentTarget.value)}
                  />
                  <Button
                    variant="ghost"
                    class="mb-0.5 text-danger-700"
                    aria-label={`${t(`${K}.remove`)}: ${t(`${K}.row`, { n: i + 1 })}`}
                    onClick={() => removeRow(i)}
                  >
                    {t(`${K}.remove`)}
                  </Button>
                </fieldset>
              ))}
              <div class="flex items-center justify-between gap-3">
                <Button
                  variant="secondary"
                  onClick={() => setRows([...(rows ?? []), blank()])}
                  data-testid="component-add"
                >
                  {t(`${K}.add`)}
                </Button>
                <p
                  class={total === 100 || (rows ?? []).length === 0
                    ? "text-sm text-gray-700"
                    : "text-sm font-medium text-danger-700"}
                  data-testid="components-total"
                  aria-live="polite"
                >
                  {t(`${K}.total`, { total })}
                </p>
              </div>
              {errors.items && <p class="text-sm font-medium text-danger-700" role="alert">{errors.items}</p>}
              {saved && <p role="status" class="text-sm text-primary-700">{t(`${K}.saved`)}</p>}
            </div>
          )}
        </LoadState>
      )}
      {feedback.dialogs}
      {form.dialogs}
    </Dialog>
  );
}

function ComponentsLog({ bookId }: { bookId: number }) {
  const log = useLoaded("GET /book_components/{bookId}/log", { params: { bookId } });
  return (
    <LoadState loaded={log}>
      {({ data }) => <LogTable entries={data} testId="components-log-table" />}
    </LoadState>
  );
}
