/**
 * The personnel list's editing: the floating add button, and the answer to the edit button the server drew in
 * each row (one delegated click listener), both opening the form dialog. An edit reads the record when it is
 * asked for, so the form starts from what is stored now and the page carries no copy of its rows. The page
 * renders this island only for people who may add or edit.
 */
import { useSignal } from "@preact/signals";
import { useEffect, useState } from "preact/hooks";
import { HrFormDialog } from "../../components/hr/hr_form_dialog.tsx";
import {
  type HrPersonData,
  type PersonnelKind,
  profileHref,
  type SchoolChoice,
} from "../../components/hr/hr_row.ts";
import { goTo as openPage, reloadPage } from "../../components/ui/navigation.ts";
import { Fab, showToast, Spinner } from "../../components/ui/mod.ts";
import { call } from "../../utils/api_client.ts";
import { errorMessage } from "../../utils/download.ts";
import { t } from "../../utils/i18n.ts";

export interface HrListEditorProps {
  schools: SchoolChoice[];
  /** The list's tab: a new record starts as this kind. */
  kind: PersonnelKind;
  canAdd: boolean;
}

/** The server HTML depends only on the props and the language (every dialog starts closed). */
export const ssrCache = true;

export function HrListEditor({ schools, kind, canAdd }: HrListEditorProps) {
  // undefined: closed; null: adding; a record: editing it.
  const editing = useSignal<HrPersonData | null | undefined>(undefined);
  const [reading, setReading] = useState(false);

  useEffect(() => {
    const onClick = async (event: MouseEvent) => {
      const button = (event.target as Element | null)?.closest<HTMLElement>("[data-hr-edit]");
      if (!button) return;
      setReading(true);
      try {
        editing.value = await call("GET /hr/{id}", { params: { id: Number(button.dataset.hrEdit) } });
      } catch (error) {
        showToast(errorMessage(error, t("common.errorTitle")), "error");
      } finally {
        setReading(false);
      }
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);

  return (
    <>
      {canAdd && <Fab label={t("hr.add")} onClick={() => (editing.value = null)} />}
      {reading && <Spinner class="fixed right-6 top-20 z-50" label={t("common.loading")} />}
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
