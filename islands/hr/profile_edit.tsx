/** The profile page's edit button and form dialog (shown to people with menu.hr.edit). */
import { useSignal } from "@preact/signals";
import { HrFormDialog } from "../../components/hr/hr_form_dialog.tsx";
import { type HrRowData, profileHref, type SchoolChoice } from "../../components/hr/hr_row.ts";
import { goTo as openPage, reloadPage } from "../../components/ui/navigation.ts";
import { Button, showToast } from "../../components/ui/mod.ts";
import { t } from "../../utils/i18n.ts";

export function HrProfileEdit({ person, schools }: { person: HrRowData; schools: SchoolChoice[] }) {
  const open = useSignal(false);
  return (
    <>
      <Button variant="secondary" onClick={() => (open.value = true)}>{t("hr.edit")}</Button>
      <HrFormDialog
        open={open.value}
        person={person}
        defaultKind={person.kind}
        schools={schools}
        onClose={() => (open.value = false)}
        onSaved={(saved) => {
          open.value = false;
          showToast(t("hr.saved"), "success");
          // A change of kind moves the profile to the other address.
          if (saved.kind !== person.kind) openPage(profileHref(saved.kind, saved.id));
          else reloadPage();
        }}
      />
    </>
  );
}
