import type { ComponentChildren } from "preact";
import { t } from "../../utils/i18n.ts";
import { Button } from "./button.tsx";
import { Dialog, type DialogWidth } from "./dialog.tsx";
import type { SaveFlow } from "./form_kit.tsx";

export interface FormDialogProps {
  /** Dialog id; the form inside is `${id}-fields` unless `formId` says otherwise. */
  id: string;
  open: boolean;
  title: ComponentChildren;
  width?: DialogWidth;
  /** The form's save flow (`useSave`): while saving, the dialog cannot be closed and the buttons are busy. */
  form: SaveFlow;
  saveLabel: string;
  /** Save stays disabled while the form is known to be incomplete (SPEC §5, e.g. the password dialog). */
  saveDisabled?: boolean;
  onClose: () => void;
  formId?: string;
  formClass?: string;
  children: ComponentChildren;
}

/**
 * A form in the one dialog: Cancel and Save in the footer, Save submitting the form (so Enter works too), no
 * closing while the request runs, and the save flow's error dialog and conflict prompt beside it.
 */
export function FormDialog(props: FormDialogProps) {
  const formId = props.formId ?? `${props.id}-fields`;
  const { form } = props;
  const close = () => !form.saving && props.onClose();
  return (
    <>
      <Dialog
        id={props.id}
        open={props.open}
        width={props.width}
        title={props.title}
        closable={!form.saving}
        onClose={close}
        footer={
          <>
            <Button variant="secondary" onClick={close} disabled={form.saving}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" form={formId} loading={form.saving} disabled={props.saveDisabled}>
              {props.saveLabel}
            </Button>
          </>
        }
      >
        <form id={formId} class={props.formClass} onSubmit={form.submit} noValidate>
          {props.children}
        </form>
      </Dialog>
      {form.dialogs}
    </>
  );
}
