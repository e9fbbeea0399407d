import type { ComponentChildren } from "preact";
import { t } from "../../utils/i18n.ts";
import { Button } from "./button.tsx";
import { Dialog, type DialogWidth } from "./dialog.tsx";

export interface FormDialogProps {
  /** Dialog id; the form inside is `${id}-fields` unless `formId` says otherwise. */
  id: string;
  open: boolean;
  title: ComponentChildren;
  width?: DialogWidth;
  /** While saving, the dialog cannot be closed and the buttons are busy. */
  saving: boolean;
  saveLabel: string;
  onClose: () => void;
  onSubmit: (event: SubmitEvent) => void;
  formId?: string;
  formClass?: string;
  children: ComponentChildren;
}

/**
 * A form in the one dialog: Cancel and Save in the footer, Save submitting the form (so Enter works too), and
 * no closing while the request runs. Field errors are the form's own.
 */
export function FormDialog(props: FormDialogProps) {
  const formId = props.formId ?? `${props.id}-fields`;
  return (
    <Dialog
      id={props.id}
      open={props.open}
      width={props.width}
      title={props.title}
      closable={!props.saving}
      onClose={props.onClose}
      footer={
        <>
          <Button variant="secondary" onClick={props.onClose} disabled={props.saving}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" form={formId} loading={props.saving}>{props.saveLabel}</Button>
        </>
      }
    >
      <form id={formId} class={props.formClass} onSubmit={props.onSubmit} noValidate>
        {props.children}
      </form>
    </Dialog>
  );
}
