/**
 * The personnel table made editable: an edit button per row and the floating add button, both opening the
 * form dialog. The page renders this island only for people who may add or edit; everyone else gets the same
 * table from the server without JavaScript.
 */
import { useSignal } from "@preact/signals";
import { HrFormDialog } from "../../components/hr/hr_form_dialog.tsx";
import {
  type HrRowData,
  namesOf,
  type PersonnelKind,
  profileHref,
  type SchoolChoice,
} from "../../components/hr/hr_row.ts";
import { HrTable } from "../../components/hr/hr_table.tsx";
import { goTo as openPage, reloadPage } from "../../components/ui/navigation.ts";
import { Button, Fab, showToast } from "../../components/ui/mod.ts";
import { type Lang, t } from "../../utils/i18n.ts";

export interface HrListEditorProps {
  rows: HrRowData[];
  lang: Lang;
  schools: SchoolChoice[];
  /** The list's tab: a new record starts as this kind. */
  kind: PersonnelKind;
  canAdd: boolean;
  canEdit: boolean;
}

const PENCIL = "M13.6 3.6a2 2 0 0 1 2.8 2.8L7 15.8 3 17l1.2-4z";

export function HrListEditor({ rows, lang, schools, kind, canAdd, canEdit }: HrListEditorProps) {
  // undefined: closed; null: adding; a row: editing it.
  const editing = useSignal<HrRowData | null | undefined>(undefined);
  return (
    <>
      <HrTable
        rows={rows}
        lang={lang}
        actions={canEdit
          ? (row) => (
            <Button
              variant="icon"
              size="sm"
              aria-label={t("hr.editOf", { name: namesOf(row, lang).main })}
              title={t("hr.edit")}
              onClick={() => (editing.value = row)}
            >
              <svg
                class="size-4"
                viewBox="0 0 20 20"
                fill="none"
                stroke="currentColor"
                stroke-width="1.6"
                aria-hidden="true"
              >
                <path d={PENCIL} />
              </svg>
            </Button>
          )
          : undefined}
      />
      {canAdd && <Fab label={t("hr.add")} onClick={() => (editing.value = null)} />}
      <HrFormDialog
        open={editing.value !== undefined}
        person={editing.value ?? null}
        defaultKind={kind}
        schools={schools}
        onClose={() => (editing.value = undefined)}
        onSaved={(saved) => {
          const added = editing.value === null;
          editing.value = undefined;
          showToast(added ? t("hr.added") : t("hr.saved"), "success");
          if (added) openPage(profileHref(saved.kind, saved.id));
          else reloadPage();
        }}
      />
    </>
  );
}
