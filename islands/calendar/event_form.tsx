/**
 * Adding, editing and removing a university event (/event-calendar, holders of menu.contact.events): titles in
 * both languages, description, place, start and end, and the audience (empty: everyone). Saved through the
 * form kit; a removal asks first and names the version shown.
 */
import { useState } from "preact/hooks";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm_dialog.tsx";
import { Field, Textarea, TextInput } from "../../components/ui/field.tsx";
import { useSave } from "../../components/ui/form_kit.tsx";
import {
  audienceBody,
  type AudienceDraft,
  AudienceFields,
  type AudienceOptions,
  EMPTY_AUDIENCE_DRAFT,
} from "../../components/polls/audience_fields.tsx";
import { dateTimeInputValue } from "../../utils/date_format.ts";
import type { ResponseOf } from "../../components/api.ts";
import { call } from "../../utils/api_client.ts";
import { t } from "../../utils/i18n.ts";

type Stored = ResponseOf<"GET /events">["data"][number];

export interface EventFormProps extends AudienceOptions {
  event: Stored | null;
  /** Where a new event starts by default (YYYY-MM-DD). */
  date: string;
}

const INPUT = "block w-full rounded-md border border-gray-300 px-3 py-2 text-sm";
const isoOf = (local: string) => {
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? local : d.toISOString();
};

export function EventForm({ event, date, ...options }: EventFormProps) {
  const [draft, setDraft] = useState(() => ({
    title: event?.title ?? "",
    titleEn: event?.titleEn ?? "",
    description: event?.description ?? "",
    place: event?.place ?? "",
    start: event ? dateTimeInputValue(event.start) : `${date}T10:00`,
    end: event ? dateTimeInputValue(event.end) : `${date}T12:00`,
  }));
  const [audience, setAudience] = useState<AudienceDraft>(() =>
    event
      ? {
        guards: event.audience.guards,
        schoolIds: event.audience.schoolIds.map(String),
        programIds: event.audience.programIds.map(String),
        admissionYears: event.audience.admissionYears.map(String),
        sectionIds: event.audience.sectionIds.join(", "),
        userIds: event.audience.userIds.join(", "),
      }
      : EMPTY_AUDIENCE_DRAFT
  );
  const [removing, setRemoving] = useState(false);
  const set = (patch: Partial<typeof draft>) => setDraft((d) => ({ ...d, ...patch }));
  const body = () => ({
    ...draft,
    start: isoOf(draft.start),
    end: isoOf(draft.end),
    audience: audienceBody(audience),
  });
  const done = (start: string) => location.assign(`/event-calendar?view=list&date=${start.slice(0, 10)}`);
  const flow = useSave({
    id: "event-form",
    fields: ["title", "titleEn", "description", "place", "start", "end", "audience"],
    save: () =>
      event
        ? call("PUT /events/{id}", {
          params: { id: event.id },
          body: { ...body(), versionstamp: event.versionstamp },
        })
        : call("POST /events", { body: body() }),
    onSaved: () => done(draft.start),
  });
  const remove = useSave({
    id: "event-remove",
    save: () =>
      call("DELETE /events/{id}", {
        params: { id: event!.id },
        query: { versionstamp: event!.versionstamp },
      }),
    onSaved: () => done(draft.start),
  });
  const err = (f: string) => flow.fieldErrors[f] ?? null;
  return (
    <form class="space-y-4" onSubmit={flow.submit} noValidate data-testid="event-form">
      <div class="grid gap-4 md:grid-cols-2">
        <TextInput
          id="event-title"
          label={t("calendar.fields.title")}
          value={draft.title}
          maxLength={200}
          required
          error={err("title")}
          onInput={(e) => set({ title: e.currentTarget.value })}
        />
        <TextInput
          id="event-title-en"
          label={t("calendar.fields.titleEn")}
          value={draft.titleEn}
          maxLength={200}
          required
          error={err("titleEn")}
          onInput={(e) => set({ titleEn: e.currentTarget.value })}
        />
        <Field id="event-start" label={t("calendar.fields.start")} error={err("start")}>
          <input
            id="event-start"
            type="datetime-local"
            class={INPUT}
            value={draft.start}
            aria-invalid={err("start") ? "true" : undefined}
            onInput={(e) => set({ start: e.currentTarget.value })}
          />
        </Field>
        <Field id="event-end" label={t("calendar.fields.end")} error={err("end")}>
          <input
            id="event-end"
            type="datetime-local"
            class={INPUT}
            value={draft.end}
            aria-invalid={err("end") ? "true" : undefined}
            onInput={(e) => set({ end: e.currentTarget.value })}
          />
        </Field>
        <TextInput
          id="event-place"
          label={t("calendar.fields.place")}
          value={draft.place}
          maxLength={200}
          onInput={(e) => set({ place: e.currentTarget.value })}
        />
        <Textarea
          id="event-description"
          label={t("calendar.fields.description")}
          rows={2}
          value={draft.description}
          maxLength={4000}
          onInput={(e) => set({ description: e.currentTarget.value })}
        />
      </div>
      <AudienceFields
        id="event"
        value={audience}
        onChange={(patch) => setAudience((a) => ({ ...a, ...patch }))}
        error={err("audience")}
        {...options}
      />
      <div class="flex gap-3">
        <Button type="submit" loading={flow.saving} data-testid="event-save">{t("calendar.save")}</Button>
        {event && (
          <Button variant="danger" onClick={() => setRemoving(true)} data-testid="event-remove">
            {t("calendar.removeEvent")}
          </Button>
        )}
      </div>
      {event && (
        <ConfirmDialog
          id="event-remove-confirm"
          open={removing}
          title={t("calendar.removeEvent")}
          message={t("calendar.confirmRemove", { title: event.title })}
          yesLabel={t("calendar.removeEvent")}
          noLabel={t("common.cancel")}
          danger
          busy={remove.saving}
          onYes={() => remove.submit()}
          onNo={() => setRemoving(false)}
        />
      )}
      {flow.dialogs}
      {remove.dialogs}
    </form>
  );
}
