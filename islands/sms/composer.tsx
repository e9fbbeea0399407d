/**
 * The SMS composer (/sms): a template or one's own text with placeholders, the audience filter, a preview of
 * the count and the cost in segments, and sending after a confirmation naming both. Errors come back at their
 * fields through the form kit.
 */
import { useState } from "preact/hooks";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm_dialog.tsx";
import { Textarea } from "../../components/ui/field.tsx";
import { Select } from "../../components/ui/select.tsx";
import { useSave } from "../../components/ui/form_kit.tsx";
import {
  audienceBody,
  type AudienceDraft,
  AudienceFields,
  type AudienceOptions,
  EMPTY_AUDIENCE_DRAFT,
} from "../../components/polls/audience_fields.tsx";
import type { ResponseOf } from "../../components/api.ts";
import { call } from "../../utils/api_client.ts";
import { t } from "../../utils/i18n.ts";

export interface SmsComposerProps extends AudienceOptions {
  templates: { id: string; label: string; text: string }[];
}

type Preview = ResponseOf<"POST /sms/preview">;

export function SmsComposer(props: SmsComposerProps) {
  const [text, setText] = useState("");
  const [template, setTemplate] = useState("");
  const [audience, setAudience] = useState<AudienceDraft>(EMPTY_AUDIENCE_DRAFT);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [asking, setAsking] = useState(false);
  const body = () => ({ text, audience: audienceBody(audience) });
  const fields = ["text", "audience"];

  const previewFlow = useSave({
    id: "sms-preview",
    fields,
    save: () => call("POST /sms/preview", { body: body() }),
    onSaved: (answer) => setPreview(answer),
  });
  const sendFlow = useSave({
    id: "sms-send",
    fields,
    save: () => call("POST /sms", { body: body() }),
    onSaved: () => location.reload(),
  });
  const errors = { ...previewFlow.fieldErrors, ...sendFlow.fieldErrors };
  const changed = () => setPreview(null);

  return (
    <form class="space-y-4" onSubmit={previewFlow.submit} noValidate data-testid="sms-composer">
      <Select
        id="sms-template"
        label={t("sms.template")}
        value={template}
        placeholder={t("sms.noTemplate")}
        options={props.templates.map((tpl) => ({ value: tpl.id, label: tpl.label }))}
        onChange={(e) => {
          const id = e.currentTarget.value;
          setTemplate(id);
          const chosen = props.templates.find((tpl) => tpl.id === id);
          if (chosen) setText(chosen.text);
          changed();
        }}
      />
      <Textarea
        id="sms-text"
        label={t("sms.text")}
        hint={t("sms.placeholders")}
        rows={4}
        maxLength={1600}
        value={text}
        error={errors.text ?? null}
        onInput={(e) => {
          setText(e.currentTarget.value);
          changed();
        }}
      />
      <AudienceFields
        id="sms"
        value={audience}
        onChange={(patch) => {
          setAudience((a) => ({ ...a, ...patch }));
          changed();
        }}
        error={errors.audience ?? null}
        {...props}
      />
      {preview && (
        <div class="space-y-1 rounded-lg bg-gray-50 p-3 text-sm" role="status" data-testid="sms-preview">
          <p>
            {t("sms.previewResult", {
              recipients: preview.recipients,
              withoutPhone: preview.withoutPhone,
              segmentsEach: preview.segmentsEach,
              segments: preview.segments,
              encoding: t(`sms.encodings.${preview.encoding}`),
            })}
          </p>
          <p class="text-gray-700">
            {t("sms.sample")} <q>{preview.sample}</q>
          </p>
        </div>
      )}
      <div class="flex gap-3">
        <Button
          type="submit"
          variant="secondary"
          loading={previewFlow.saving}
          data-testid="sms-preview-button"
        >
          {t("sms.preview")}
        </Button>
        <Button
          disabled={!preview || preview.recipients === 0}
          loading={sendFlow.saving}
          onClick={() => setAsking(true)}
          data-testid="sms-send"
        >
          {t("sms.send")}
        </Button>
      </div>
      <ConfirmDialog
        id="sms-confirm"
        open={asking}
        title={t("sms.send")}
        message={t("sms.confirmSend", {
          recipients: preview?.recipients ?? 0,
          segments: preview?.segments ?? 0,
        })}
        yesLabel={t("sms.send")}
        noLabel={t("common.cancel")}
        onYes={() => {
          setAsking(false);
          sendFlow.submit();
        }}
        onNo={() => setAsking(false)}
      />
      {previewFlow.dialogs}
      {sendFlow.dialogs}
    </form>
  );
}
