/**
 * The dev-mode menu tab: the side menu's rows (title key, route or link, icon, permission key, parent, order)
 * edited in a table and saved together; the shell draws the saved menu from the next page.
 */
import { useState } from "preact/hooks";
import { HistoryDialog } from "../../components/structure/history_dialog.tsx";
import { reloadPage } from "../../components/ui/navigation.ts";
import { Button, ConfirmDialog, showToast, useSave } from "../../components/ui/mod.ts";
import { call } from "../../utils/api_client.ts";
import { t } from "../../utils/i18n.ts";

export interface MenuRowData {
  id: number;
  titleKey: string;
  route: string | null;
  href: string | null;
  match: string | null;
  icon: string;
  permission: string | null;
  guards: ("user" | "prof" | "custom" | "student")[] | null;
  parentId: number | null;
  order: number;
}

type TextField = "titleKey" | "route" | "href" | "icon" | "permission";
const TEXT_FIELDS: TextField[] = ["titleKey", "route", "href", "icon", "permission"];
const INPUT = "w-full rounded border border-gray-300 px-2 py-1 text-xs font-mono";

export function PermissionsMenu({ initial }: { initial: MenuRowData[] }) {
  const [rows, setRows] = useState(initial);
  const [removing, setRemoving] = useState<number | null>(null);
  const [history, setHistory] = useState(false);

  const change = (i: number, patch: Partial<MenuRowData>) =>
    setRows(rows.map((row, j) => (j === i ? { ...row, ...patch } : row)));
  const text = (value: string) => (value.trim() === "" ? null : value.trim());

  const form = useSave({
    id: "menu",
    // The table marks each row's fields; anything else (the list as a whole) goes to the error dialog.
    fields: rows.flatMap((_, i) => [...TEXT_FIELDS, "parentId"].map((f) => `rows.${i}.${f}`)),
    save: () => call("PUT /menu", { body: { rows } }),
    onSaved: () => {
      showToast(t("permissions.saved"), "success");
      reloadPage();
    },
  });
  const fields = form.fieldErrors;

  const nextId = () => Math.max(0, ...rows.map((r) => r.id)) + 1;
  return (
    <div class="space-y-3">
      <div class="overflow-x-auto">
        <table class="min-w-full text-sm" id="menu-rows">
          <caption class="sr-only">{t("permissions.tabs.menu")}</caption>
          <thead class="bg-gray-50 text-xs text-gray-600 uppercase">
            <tr>
              <th scope="col" class="px-2 py-1 text-start">ID</th>
              {TEXT_FIELDS.map((f) => (
                <th key={f} scope="col" class="px-2 py-1 text-start">{t(`permissions.menu.${f}`)}</th>
              ))}
              <th scope="col" class="px-2 py-1 text-start">{t("permissions.menu.parentId")}</th>
              <th scope="col" class="px-2 py-1 text-start">{t("permissions.menu.order")}</th>
              <th scope="col">
                <span class="sr-only">{t("permissions.fields.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody class="divide-y">
            {rows.map((row, i) => (
              <tr key={row.id} data-menu-id={row.id}>
                <td class="px-2 py-1 tabular-nums">{row.id}</td>
                {TEXT_FIELDS.map((f) => {
                  const err = fields[`rows.${i}.${f}`];
                  return (
                    <td key={f} class="px-1 py-1 align-top">
                      <input
                        class={INPUT}
                        name={`${f}-${row.id}`}
                        aria-label={`${t(`permissions.menu.${f}`)} ${row.id}`}
                        aria-invalid={err ? "true" : "false"}
                        value={row[f] ?? ""}
                        onInput={(e) =>
                          change(i, {
                            [f]: f === "titleKey" || f === "icon"
                              ? e.currentTarget.value
                              : text(e.currentTarget.value),
                          })}
                      />
                      {err && <span class="text-xs text-danger-700">{err}</span>}
                    </td>
                  );
                })}
                <td class="px-1 py-1 align-top">
                  <input
                    class={`${INPUT} w-16`}
                    inputMode="numeric"
                    aria-label={`${t("permissions.menu.parentId")} ${row.id}`}
                    value={row.parentId ?? ""}
                    onInput={(e) =>
                      change(i, { parentId: e.currentTarget.value ? Number(e.currentTarget.value) : null })}
                  />
                  {fields[`rows.${i}.parentId`] && (
                    <span class="text-xs text-danger-700">{fields[`rows.${i}.parentId`]}</span>
                  )}
                </td>
                <td class="px-1 py-1 align-top">
                  <input
                    class={`${INPUT} w-16`}
                    inputMode="numeric"
                    aria-label={`${t("permissions.menu.order")} ${row.id}`}
                    value={row.order}
                    onInput={(e) => change(i, { order: Number(e.currentTarget.value) || 0 })}
                  />
                </td>
                <td class="px-1 py-1 text-end">
                  <Button size="sm" variant="ghost" onClick={() => setRemoving(i)}>
                    {t("structure.actions.remove")}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div class="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={() =>
            setRows([...rows, {
              id: nextId(),
              titleKey: "",
              route: null,
              href: null,
              match: null,
              icon: "list",
              permission: null,
              guards: null,
              parentId: null,
              order: (rows.length + 1) * 10,
            }])}
        >
          {t("permissions.menu.addRow")}
        </Button>
        <Button id="menu-save" loading={form.saving} onClick={() => form.submit()}>
          {t("permissions.save")}
        </Button>
        <Button variant="secondary" onClick={() => setHistory(true)}>{t("structure.actions.history")}</Button>
      </div>
      <ConfirmDialog
        id="menu-row-remove"
        open={removing !== null}
        title={t("common.confirmTitle")}
        message={t("permissions.menu.removeConfirm", {
          id: removing === null ? "" : rows[removing]?.id ?? "",
        })}
        yesLabel={t("common.yes")}
        noLabel={t("common.no")}
        danger
        onYes={() => {
          setRows(rows.filter((_, j) => j !== removing));
          setRemoving(null);
        }}
        onNo={() => setRemoving(null)}
      />
      <HistoryDialog
        id="menu-history"
        source={history ? { key: "GET /menu/log", input: {} } : null}
        title={t("structure.actions.history")}
        fieldLabels={{ rows: t("permissions.tabs.menu") }}
        formatValue={(_f, v) => (Array.isArray(v) ? t("permissions.menu.rowCount", { n: v.length }) : "—")}
        onClose={() => setHistory(false)}
      />
      {form.dialogs}
    </div>
  );
}
