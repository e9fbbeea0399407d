import type { Handlers, PageProps, RouteMeta } from "../../../framework/types.ts";
import type { AppState } from "../../../http/app_state.ts";
import { CalendarView } from "../../../components/calendar/calendar_view.tsx";
import { type CalendarItem, calendarMine } from "../../../services/calendar/mine.ts";
import { type Shown, shownPeriod, today } from "../../../services/calendar/period.ts";

// The person's own calendar: any signed-in person has one (a student too), so no key is asked.
export const meta: RouteMeta = { titleKey: "menu.calendar" };

interface MinePage {
  shown: Shown;
  items: CalendarItem[];
  today: string;
}

/** Issue 26: the signed-in person's lessons, the events of their audience and their deadlines. */
export const handler: Handlers<MinePage, AppState> = {
  async GET({ url, state, render }) {
    const shown = shownPeriod(url.searchParams.get("view"), url.searchParams.get("date"));
    const items = await calendarMine(
      state.identity!.user,
      shown.from,
      shown.to,
      state.lang,
      state.auth.can("menu.contact.events"),
    );
    return render({ shown, items, today: today() });
  },
};

export default function MyCalendar({ data, state }: PageProps<MinePage, AppState>) {
  return (
    <section class="space-y-4">
      <h1 class="text-2xl font-semibold">{state.t("calendar.mineTitle")}</h1>
      <CalendarView
        shown={data.shown}
        items={data.items}
        t={state.t}
        path="/hr/calendar/calendar"
        today={data.today}
      />
    </section>
  );
}
