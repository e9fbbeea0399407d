import type { Handlers, PageProps, RouteMeta } from "../framework/types.ts";
import type { AppState } from "../http/app_state.ts";
import { CalendarView } from "../components/calendar/calendar_view.tsx";
import { audienceOptions } from "../components/polls/audience_options.ts";
import { buttonClass } from "../components/ui/button.tsx";
import { DataTable } from "../components/ui/data_table.tsx";
import { EventForm, type EventFormProps } from "../islands/calendar/event_form.tsx";
import { eventsFor, getEvent, type UniEvent } from "../services/calendar/events.ts";
import { type CalendarItem, eventItems, startOfDay } from "../services/calendar/mine.ts";
import { type Shown, shownPeriod, today } from "../services/calendar/period.ts";
import { addDays } from "../services/timetable/week.ts";
import { formatDisplayDateTime } from "../utils/date_format.ts";
import { notFound } from "../utils/errors.ts";

// Everyone sees the events of their audience; holders of the key see and edit all of them.
export const meta: RouteMeta = { titleKey: "sections.eventCalendar" };
const EDIT_KEY = "menu.contact.events";

interface EventsPage {
  shown: Shown;
  items: CalendarItem[];
  today: string;
  /** For editors: the period's events, and the form when `?edit=` or `?new=1` asks for it. */
  editable: (UniEvent & { versionstamp: string })[] | null;
  form: EventFormProps | null;
}

/** Issue 26: university events in month, week and list views, an .ics export, and their editing. */
export const handler: Handlers<EventsPage, AppState> = {
  async GET({ url, state, render }) {
    const shown = shownPeriod(url.searchParams.get("view"), url.searchParams.get("date"));
    const user = state.identity!.user;
    const editor = state.auth.can(EDIT_KEY);
    const [items, events] = await Promise.all([
      eventItems(user, shown.from, shown.to, state.lang, editor),
      editor ? eventsFor(user, startOfDay(shown.from), startOfDay(addDays(shown.to, 1)), true) : null,
    ]);
    let form: EventFormProps | null = null;
    const editId = url.searchParams.get("edit");
    if (editor && (editId || url.searchParams.get("new"))) {
      const stored = editId ? await getEvent(Number(editId)) : null;
      if (editId && !stored) throw notFound("events");
      form = {
        event: stored ? { ...stored.value, versionstamp: stored.versionstamp } : null,
        date: shown.date,
        ...await audienceOptions(state.lang),
      };
    }
    return render({
      shown,
      items,
      today: today(),
      editable: events ? events.map((e) => ({ ...e.value, versionstamp: e.versionstamp })) : null,
      form,
    });
  },
};

export default function EventCalendar({ data, state }: PageProps<EventsPage, AppState>) {
  const { t, lang } = state;
  const { shown } = data;
  return (
    <section class="space-y-4">
      <div class="flex flex-wrap items-center justify-between gap-2">
        <h1 class="text-2xl font-semibold">{t("calendar.eventsTitle")}</h1>
        {data.editable && (
          <a
            href={`/event-calendar?view=${shown.view}&date=${shown.date}&new=1`}
            class={buttonClass("primary", "md")}
          >
            {t("calendar.addEvent")}
          </a>
        )}
      </div>
      {data.form && (
        <section class="rounded-lg border border-gray-200 bg-white p-4" aria-labelledby="event-form-title">
          <h2 id="event-form-title" class="mb-3 text-lg font-semibold">
            {t(data.form.event ? "calendar.editEvent" : "calendar.addEvent")}
          </h2>
          <EventForm {...data.form} />
        </section>
      )}
      <CalendarView
        shown={shown}
        items={data.items}
        t={t}
        path="/event-calendar"
        today={data.today}
        actions={
          <a
            class={buttonClass("secondary", "sm")}
            href={`/api/events/ics?from=${shown.from}&to=${shown.to}`}
            download={`events-${shown.from}.ics`}
            data-testid="events-ics"
          >
            {t("calendar.exportIcs")}
          </a>
        }
      />
      {data.editable && (
        <DataTable<UniEvent & { versionstamp: string }>
          caption={t("calendar.eventsTitle")}
          rows={data.editable}
          rowKey={(e) => e.id}
          emptyText={t("calendar.noItems")}
          columns={[
            {
              key: "title",
              header: t("calendar.fields.title"),
              render: (e) => (
                <span id={`event-${e.id}`}>{lang === "en" ? e.titleEn || e.title : e.title}</span>
              ),
            },
            {
              key: "start",
              header: t("calendar.fields.start"),
              render: (e) => formatDisplayDateTime(e.start),
            },
            { key: "end", header: t("calendar.fields.end"), render: (e) => formatDisplayDateTime(e.end) },
            { key: "place", header: t("calendar.fields.place") },
            {
              key: "edit",
              header: t("polls.columns.actions"),
              render: (e) => (
                <a
                  class={buttonClass("secondary", "sm")}
                  href={`/event-calendar?view=${shown.view}&date=${shown.date}&edit=${e.id}`}
                  data-testid={`event-edit-${e.id}`}
                >
                  {t("polls.actions.edit")}
                </a>
              ),
            },
          ]}
        />
      )}
    </section>
  );
}
