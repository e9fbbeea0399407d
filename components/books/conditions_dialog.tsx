/**
 * The course conditions dialog (SPEC §2.5): tabs for equal conditions (წინაპირობები), anti-conditions
 * (ანტიპირობა), GPA and program restriction, plus the eligibility check of a student. Every change answers with
 * the course's conditions, which the dialog shows at once; when the course's `conditionStatus` ends up other
 * than the list showed, the list reloads as the dialog closes (reloading earlier would close the dialog).
 */
import { useRef, useState } from "preact/hooks";
import { Button, Dialog, NumberInput, tabId, TabPanel, Tabs, useSave } from "../ui/mod.ts";
import { call } from "../../utils/api_client.ts";
import { currentLang, t } from "../../utils/i18n.ts";
import { ConditionGroupsPanel } from "./condition_groups_panel.tsx";
import { ConditionProgramsPanel } from "./condition_programs_panel.tsx";
import type { RunChange } from "./conditions_view.ts";
import { allowed, courseLabel, LoadState, useFeedback, useLoaded } from "./dialog_kit.tsx";
import type { BookDialogProps } from "./dialog_props.ts";
import { EligibilityPanel } from "./eligibility_panel.tsx";

const K = "bookDialogs.conditions";
type Tab = "equal" | "anti" | "gpa" | "program" | "eligibility";
const TABS: readonly Tab[] = ["equal", "anti", "gpa", "program", "eligibility"];

export function ConditionsDialog({ book, can, onClose, onChanged }: BookDialogProps) {
  const loaded = useLoaded("GET /book_conditions/{bookId}", { params: { bookId: book.id } });
  const feedback = useFeedback("book-conditions");
  const [tab, setTab] = useState<Tab>("equal");
  const status = useRef(book.conditionStatus);

  const run: RunChange = async (change) => {
    const view = await change;
    status.current = view.conditionStatus;
    loaded.setData(view);
  };
  const close = () => {
    onClose();
    if (status.current !== book.conditionStatus) onChanged();
  };
  const panelId = "book-conditions-panel";

  return (
    <Dialog
      id="book-conditions"
      open
      width={800}
      title={t(`${K}.title`, { course: courseLabel(book, currentLang()) })}
      onClose={close}
      footer={<Button variant="secondary" onClick={close}>{t("common.close")}</Button>}
    >
      <Tabs
        id="book-conditions"
        label={t(`${K}.tabsLabel`)}
        tabs={TABS.map((key) => ({ key, label: t(`${K}.tabs.${key}`) }))}
        selected={tab}
        onSelect={(key) => setTab(key as Tab)}
        panelId={panelId}
        class="mb-4"
      />
      <TabPanel id={panelId} labelledBy={tabId("book-conditions", tab)}>
        {tab === "eligibility" ? <EligibilityPanel bookId={book.id} /> : (
          <LoadState loaded={loaded}>
            {(view) =>
              tab === "equal" || tab === "anti"
                ? (
                  <ConditionGroupsPanel
                    key={tab}
                    bookId={book.id}
                    type={tab === "equal" ? "condition" : "nonCondition"}
                    groups={view.data}
                    can={can}
                    run={run}
                    confirm={feedback.confirm}
                    fail={feedback.fail}
                  />
                )
                : tab === "gpa"
                ? (
                  <GpaPanel
                    bookId={book.id}
                    gpaLimit={view.gpaLimit}
                    can={can}
                    run={run}
                    feedback={feedback}
                  />
                )
                : (
                  <ConditionProgramsPanel
                    bookId={book.id}
                    programs={view.programs}
                    can={can}
                    run={run}
                    confirm={feedback.confirm}
                    fail={feedback.fail}
                  />
                )}
          </LoadState>
        )}
      </TabPanel>
      {feedback.dialogs}
    </Dialog>
  );
}

interface GpaProps {
  bookId: number;
  gpaLimit: number | null;
  can: readonly string[];
  run: RunChange;
  feedback: ReturnType<typeof useFeedback>;
}

/** The GPA limit: shown to everyone who may open the dialog, changed with …conditions.gpa.edit. */
function GpaPanel({ bookId, gpaLimit, can, run, feedback }: GpaProps) {
  const mayEdit = allowed(can, "conditions.gpa.edit");
  const [value, setValue] = useState(gpaLimit === null ? "" : String(gpaLimit));
  const setGpa = (gpaLimit: string | null) =>
    run(call("PUT /book_conditions/{bookId}/gpa", { params: { bookId }, body: { gpaLimit } }));
  const form = useSave({
    id: "condition-gpa-form",
    fields: ["gpaLimit"],
    save: () => setGpa(value.trim() === "" ? null : value.trim()),
  });
  const clear = () =>
    feedback.confirm(t(`${K}.clearGpaConfirm`), async () => {
      await setGpa(null);
      setValue("");
    });

  if (!mayEdit) {
    return (
      <p class="text-sm" data-testid="gpa-limit">
        {gpaLimit === null ? t(`${K}.noGpa`) : t(`${K}.gpaShown`, { gpa: gpaLimit.toFixed(2) })}
      </p>
    );
  }
  return (
    <>
      <form class="flex flex-col gap-3" onSubmit={form.submit} noValidate>
        <NumberInput
          id="condition-gpa"
          label={t(`${K}.gpaLimit`)}
          hint={t(`${K}.gpaHint`)}
          min={0}
          max={4}
          step="0.01"
          value={value}
          error={form.fieldErrors.gpaLimit}
          onInput={(e) => setValue(e.currentTarget.value)}
        />
        <div class="flex gap-2">
          <Button type="submit" loading={form.saving} data-testid="gpa-save">{t(`${K}.saveGpa`)}</Button>
          {gpaLimit !== null && (
            <Button variant="danger" onClick={clear} data-testid="gpa-clear">{t(`${K}.clearGpa`)}</Button>
          )}
        </div>
      </form>
      {form.dialogs}
    </>
  );
}
