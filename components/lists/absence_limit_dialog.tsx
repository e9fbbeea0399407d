/**
 * A course's absence limit (issue 20): the percent of a list's lessons past which its attendance warns. The
 * form kit's dialog: the API's field errors at the field, and a 409 when someone set it meanwhile offers to
 * read it again and save this value over it. Setting it changes every list of the course.
 */
import { useState } from "preact/hooks";
import { Button, FormDialog } from "../ui/mod.ts";
import { NumberInput } from "../ui/field.tsx";
import { useSave } from "../ui/form_kit.tsx";
import { showToast } from "../ui/toast.tsx";
import { reloadPage } from "../ui/navigation.ts";
import { call } from "../../utils/api_client.ts";
import { t } from "../../utils/i18n.ts";

export interface AbsenceLimitState {
  bookId: number;
  limit: number;
  versionstamp: string | null;
}

export function AbsenceLimitButton({ current }: { current: AbsenceLimitState }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        id="absence-limit-open"
        data-book-id={current.bookId}
        onClick={() => setOpen(true)}
      >
        {t("lists.absenceLimit.button", { limit: current.limit })}
      </Button>
      {open && <AbsenceLimitDialog current={current} onClose={() => setOpen(false)} />}
    </>
  );
}

function AbsenceLimitDialog({ current, onClose }: { current: AbsenceLimitState; onClose: () => void }) {
  const [value, setValue] = useState(String(current.limit));
  const [versionstamp, setVersionstamp] = useState(current.versionstamp);
  const form = useSave({
    id: "absence-limit-form",
    fields: ["limit"],
    fieldLabels: { limit: t("lists.absenceLimit.label") },
    save: () =>
      call("PUT /lists/absence_limits/{bookId}", {
        params: { bookId: current.bookId },
        // An empty field is sent as it is, for the server to name.
        body: { limit: value.trim() === "" ? (null as unknown as number) : Number(value), versionstamp },
      }),
    reload: async () => {
      const latest = await call("GET /lists/absence_limits/{bookId}", { params: { bookId: current.bookId } });
      setVersionstamp(latest.versionstamp);
    },
    onSaved: (saved) => {
      showToast(t("lists.absenceLimit.saved", { limit: saved.limit }), "success");
      onClose();
      reloadPage();
    },
  });
  return (
    <FormDialog
      id="absence-limit-form"
      open
      width={500}
      title={t("lists.absenceLimit.title")}
      form={form}
      saveLabel={t("lists.absenceLimit.save")}
      onClose={onClose}
      formClass="grid gap-4"
    >
      <NumberInput
        id="absence-limit-value"
        label={t("lists.absenceLimit.label")}
        hint={t("lists.absenceLimit.hint")}
        error={form.fieldErrors.limit}
        value={value}
        min={0}
        max={100}
        step={1}
        required
        onInput={(e) => setValue((e.currentTarget as HTMLInputElement).value)}
      />
    </FormDialog>
  );
}
