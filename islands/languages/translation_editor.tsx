/**
 * One language tab's keys (SPEC §2.3 "one tab per language"): every key with the Georgian reference and its
 * text, editable in place. Saving stores the text for everyone at once (on the admin side it replaces the
 * shipped one; an empty text there brings the shipped one back). Enter or the row's button saves.
 */
import { useState } from "preact/hooks";
import { Button, DataTable, showToast } from "../../components/ui/mod.ts";
import { ApiError, call } from "../../utils/api_client.ts";
import { t } from "../../utils/i18n.ts";

export interface TranslationEditorRow {
  key: string;
  reference: string;
  shipped: string;
  text: string;
  edited: boolean;
}

export interface TranslationEditorProps {
  side: "admin_side" | "student_side";
  code: string;
  rows: TranslationEditorRow[];
  canEdit: boolean;
  showReference: boolean;
}

export function TranslationEditor(
  { side, code, rows: initial, canEdit, showReference }: TranslationEditorProps,
) {
  const [rows, setRows] = useState(initial);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState<string | null>(null);

  const save = async (row: TranslationEditorRow) => {
    const text = drafts[row.key] ?? row.text;
    setSaving(row.key);
    try {
      const saved = await call("PUT /languages/{code}/translations", {
        params: { code },
        body: { side, key: row.key, text },
      });
      setRows((all) => all.map((r) => (r.key === row.key ? saved : r)));
      setDrafts(({ [row.key]: _, ...rest }) => rest);
      showToast(t("langAdmin.saved"), "success");
    } catch (e) {
      showToast(e instanceof ApiError ? e.message : t("errors.unexpected"), "error");
    } finally {
      setSaving(null);
    }
  };

  const columns = [
    {
      key: "key",
      header: t("langAdmin.key"),
      class: "w-1/4 break-all font-mono text-xs",
      render: (row: TranslationEditorRow) => (
        <>
          {row.key}
          {row.edited && (
            <span class="ms-1 rounded bg-amber-100 px-1 text-amber-900">{t("langAdmin.edited")}</span>
          )}
        </>
      ),
    },
    ...(showReference
      ? [{
        key: "reference",
        header: t("langAdmin.reference"),
        class: "w-1/4",
        render: (r: TranslationEditorRow) => r.reference,
      }]
      : []),
    {
      key: "text",
      header: t("langAdmin.translation"),
      render: (row: TranslationEditorRow) => {
        const value = drafts[row.key] ?? row.text;
        const id = `translation-${row.key.replaceAll(".", "-")}`;
        if (!canEdit) return value;
        return (
          <div class="flex items-start gap-2">
            <label for={id} class="sr-only">{row.key}</label>
            <input
              id={id}
              class="block w-full rounded-md border border-gray-300 px-2 py-1 text-sm"
              value={value}
              placeholder={row.shipped}
              data-key={row.key}
              onInput={(e) => setDrafts({ ...drafts, [row.key]: (e.target as HTMLInputElement).value })}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  save(row);
                }
              }}
            />
            <Button
              size="sm"
              variant="secondary"
              loading={saving === row.key}
              disabled={drafts[row.key] === undefined}
              onClick={() => save(row)}
              aria-label={t("langAdmin.saveKey", { key: row.key })}
            >
              {t("langAdmin.save")}
            </Button>
          </div>
        );
      },
    },
  ];

  return (
    <DataTable
      columns={columns}
      rows={rows}
      rowKey={(row) => row.key}
      emptyText={t("langAdmin.noKeys")}
      caption={t("langAdmin.keysCaption", { code: code.toUpperCase() })}
    />
  );
}
