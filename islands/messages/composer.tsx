/** Writing an announcement (/messages/list): subject, text and audience; sent through the form kit. */
import { useState } from "preact/hooks";
import { Button } from "../../components/ui/button.tsx";
import { Textarea, TextInput } from "../../components/ui/field.tsx";
import { useSave } from "../../components/ui/form_kit.tsx";
import {
  audienceBody,
  type AudienceDraft,
  AudienceFields,
  type AudienceOptions,
  EMPTY_AUDIENCE_DRAFT,
} from "../../components/polls/audience_fields.tsx";
import { call } from "../../utils/api_client.ts";
import { t } from "../../utils/i18n.ts";

export function MessageComposer(props: AudienceOptions) {
  const [subject, setSubject] = useState("");
  const [text, setText] = useState("");
  const [audience, setAudience] = useState<AudienceDraft>(EMPTY_AUDIENCE_DRAFT);
  const flow = useSave({
    id: "message-send",
    fields: ["subject", "body", "audience"],
    save: () => call("POST /messages", { body: { subject, body: text, audience: audienceBody(audience) } }),
    onSaved: () => location.reload(),
  });
  const err = (f: string) => flow.fieldErrors[f] ?? null;
  return (
    <form class="space-y-4" onSubmit={flow.submit} noValidate data-testid="message-composer">
      <TextInput
        id="message-subject"
        label={t("messages.subject")}
        value={subject}
        maxLength={200}
        required
        error={err("subject")}
        onInput={(e) => setSubject(e.currentTarget.value)}
      />
      <Textarea
        id="message-body"
        label={t("messages.body")}
        rows={5}
        value={text}
        maxLength={10000}
        required
        error={err("body")}
        onInput={(e) => setText(e.currentTarget.value)}
      />
      <AudienceFields
        id="message"
        value={audience}
        onChange={(patch) => setAudience((a) => ({ ...a, ...patch }))}
        error={err("audience")}
        {...props}
      />
      <Button type="submit" loading={flow.saving} data-testid="message-send">{t("messages.send")}</Button>
      {flow.dialogs}
    </form>
  );
}
