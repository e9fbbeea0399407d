/**
 * Writing an announcement (/messages/list): subject, text, audience and up to three attachments (sent in base64
 * inside the JSON body); through the form kit, so the server's field errors show at their fields.
 */
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

/** Bytes as base64, a chunk at a time (a spread of a whole file would overflow the call stack). */
function base64Of(bytes: Uint8Array): string {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(text);
}

export function MessageComposer(props: AudienceOptions) {
  const [subject, setSubject] = useState("");
  const [text, setText] = useState("");
  const [audience, setAudience] = useState<AudienceDraft>(EMPTY_AUDIENCE_DRAFT);
  const [files, setFiles] = useState<File[]>([]);
  const flow = useSave({
    id: "message-send",
    fields: ["subject", "body", "audience", "attachments"],
    save: async () =>
      call("POST /messages", {
        body: {
          subject,
          body: text,
          audience: audienceBody(audience),
          attachments: await Promise.all(
            files.map(async (f) => ({
              name: f.name,
              content: base64Of(new Uint8Array(await f.arrayBuffer())),
            })),
          ),
        },
      }),
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
      <div class="flex flex-col gap-1">
        <label for="message-attachments" class="text-sm font-medium text-gray-700">
          {t("messages.attachments")}
        </label>
        <input
          id="message-attachments"
          type="file"
          multiple
          accept=".pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
          aria-describedby="message-attachments-hint"
          aria-invalid={err("attachments") ? "true" : undefined}
          class="text-sm"
          onChange={(e) => setFiles([...(e.currentTarget.files ?? [])])}
        />
        <p id="message-attachments-hint" class="text-xs text-gray-500">
          {t("messages.attachmentsHint", { count: 3, max: 2 })}
        </p>
        {err("attachments") && <p class="text-xs font-medium text-danger-700">{err("attachments")}</p>}
      </div>
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
