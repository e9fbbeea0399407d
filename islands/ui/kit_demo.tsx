/**
 * The interactive half of the UI kit page: every shared component wired to state, so people (and the
 * browser tests) can see that islands hydrate and that dialogs, tabs and the paginator respond.
 */
import { useSignal } from "@preact/signals";
import {
  Button,
  ConfirmDialog,
  DataTable,
  DateInput,
  Dialog,
  ErrorDialog,
  MultiSelect,
  Paginator,
  ProgressBar,
  showToast,
  TabPanel,
  Tabs,
  TextInput,
} from "../../components/ui/mod.ts";
import { t } from "../../utils/i18n.ts";

interface Row {
  id: number;
  name: string;
  credit: number;
}

export function UiKitDemo({ rows }: { rows: Row[] }) {
  const clicks = useSignal(0);
  const dialog = useSignal(false);
  const confirm = useSignal(false);
  const error = useSignal<string | null>(null);
  const tab = useSignal("table");
  const page = useSignal(1);
  const limit = useSignal(15);
  const langs = useSignal<string[]>([]);
  const date = useSignal("2026-09-15");
  const progress = useSignal(40);
  const visible = rows.slice((page.value - 1) * limit.value, page.value * limit.value);

  return (
    <div class="space-y-6" data-testid="ui-kit-demo">
      <div class="flex flex-wrap items-center gap-3">
        <Button onClick={() => clicks.value++} data-testid="counter">
          {t("uiKit.clicked", { count: clicks.value })}
        </Button>
        <Button variant="secondary" onClick={() => (dialog.value = true)}>{t("uiKit.openDialog")}</Button>
        <Button variant="danger" onClick={() => (confirm.value = true)}>{t("uiKit.remove")}</Button>
        <Button variant="ghost" onClick={() => (error.value = t("uiKit.sampleError"))}>
          {t("uiKit.showError")}
        </Button>
        <Button variant="ghost" onClick={() => showToast(t("uiKit.saved"), "success")}>
          {t("uiKit.showToast")}
        </Button>
      </div>
      <div class="grid gap-4 sm:grid-cols-2">
        <TextInput id="kit-name" label={t("uiKit.name")} required error={t("errors.required")} />
        <DateInput
          id="kit-date"
          label={t("uiKit.date")}
          value={date.value}
          onChange={(v) => (date.value = v)}
          pickerLabel={t("uiKit.pickDate")}
        />
        <MultiSelect
          id="kit-langs"
          label={t("uiKit.languages")}
          options={[{ value: "de", label: "Deutsch" }, { value: "en", label: "English" }, {
            value: "fr",
            label: "Français",
          }, { value: "ru", label: "Русский" }]}
          value={langs.value}
          onChange={(v) => (langs.value = v)}
        />
        <div class="space-y-2">
          <ProgressBar value={progress.value} label={t("uiKit.progress")} showValue />
          <Button
            size="sm"
            variant="secondary"
            onClick={() => (progress.value = Math.min(100, progress.value + 20))}
          >
            +20%
          </Button>
        </div>
      </div>
      <Tabs
        id="kit-tabs"
        label={t("uiKit.tabs")}
        selected={tab.value}
        onSelect={(key) => (tab.value = key)}
        panelId="kit-panel"
        tabs={[{ key: "table", label: t("uiKit.table") }, { key: "empty", label: t("uiKit.emptyTable") }]}
      />
      <TabPanel id="kit-panel" labelledBy={`kit-tabs-tab-${tab.value}`}>
        <DataTable
          columns={[
            { key: "id", header: "ID" },
            { key: "name", header: t("uiKit.name") },
            { key: "credit", header: t("uiKit.credit") },
          ]}
          rows={tab.value === "table" ? visible : []}
          rowKey={(row) => row.id}
          emptyText={t("common.empty")}
        />
        {tab.value === "table" && (
          <Paginator
            id="kit-pages"
            total={rows.length}
            page={page.value}
            limit={limit.value}
            onChange={(p, l) => {
              page.value = p;
              limit.value = l;
            }}
          />
        )}
      </TabPanel>
      <Dialog
        id="kit-dialog"
        open={dialog.value}
        onClose={() => (dialog.value = false)}
        title={t("uiKit.dialogTitle")}
        width={600}
        closeLabel={t("common.close")}
      >
        <p>{t("uiKit.dialogBody")}</p>
      </Dialog>
      <ConfirmDialog
        id="kit-confirm"
        open={confirm.value}
        title={t("common.confirmTitle")}
        message={t("uiKit.confirmRemove")}
        yesLabel={t("common.yes")}
        noLabel={t("common.no")}
        danger
        onYes={() => {
          confirm.value = false;
          showToast(t("uiKit.removed"), "info");
        }}
        onNo={() => (confirm.value = false)}
      />
      <ErrorDialog
        id="kit-error"
        message={error.value}
        title={t("common.errorTitle")}
        okLabel={t("common.ok")}
        onClose={() => (error.value = null)}
      />
    </div>
  );
}
