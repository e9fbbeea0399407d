/**
 * A calendar's items in month, week or list view, server-rendered: the month as a grid of weeks (Monday first),
 * the week as seven columns, the list by date. Navigation (previous, today, next) and the view switch are links.
 */
import type { ComponentChildren } from "preact";
import type { CalendarItem } from "../../services/calendar/mine.ts";
import type { Shown } from "../../services/calendar/period.ts";
import { dateOfDay, dayNumber, mondayOf } from "../../services/timetable/week.ts";
import type { Translate } from "../../utils/i18n.ts";
import { formatDisplayDate } from "../../utils/date_format.ts";
import { buttonClass } from "../ui/button.tsx";
import { Tabs } from "../ui/tabs.tsx";

const KIND_CLASS: Record<CalendarItem["kind"], string> = {
  lesson: "border-s-4 border-primary-600 bg-primary-50",
  event: "border-s-4 border-green-700 bg-green-50",
  deadline: "border-s-4 border-danger-600 bg-danger-50",
};

export function itemTitle(item: CalendarItem, t: Translate): string {
  return item.deadline ? t(`calendar.deadlines.${item.deadline}`, { title: item.title }) : item.title;
}

function Item({ item, t, full }: { item: CalendarItem; t: Translate; full: boolean }) {
  const title = itemTitle(item, t);
  const body = (
    <>
      <span class="sr-only">{t(`calendar.kinds.${item.kind}`)}:</span>
      {item.time && <span class="me-1 font-mono text-xs">{item.time}</span>}
      <span>{title}</span>
      {full && item.detail && <span class="block text-xs text-gray-700">{item.detail}</span>}
      {item.done && <span class="ms-1 text-xs text-gray-700">({t("calendar.answered")})</span>}
    </>
  );
  return (
    <li class={`rounded px-1.5 py-0.5 text-xs ${KIND_CLASS[item.kind]}`} data-kind={item.kind}>
      {item.href ? <a href={item.href} class="hover:underline">{body}</a> : body}
    </li>
  );
}

// A month is 42 cells: their classes are fixed strings, and a day without items has no empty list.
const CELL = "h-24 border border-gray-200 p-1 align-top";
const CELL_OUTSIDE = `${CELL} bg-gray-50 text-gray-600`;
const DAY = "text-xs";
const DAY_TODAY = "text-xs font-bold text-primary-700";

function byDate(items: readonly CalendarItem[]): Map<string, CalendarItem[]> {
  const days = new Map<string, CalendarItem[]>();
  for (const item of items) {
    const list = days.get(item.date);
    if (list) list.push(item);
    else days.set(item.date, [item]);
  }
  return days;
}

interface CalendarViewProps {
  shown: Shown;
  items: readonly CalendarItem[];
  t: Translate;
  /** The page's path, to which `?view=&date=` are added. */
  path: string;
  /** Beside the navigation (an export link, say). */
  actions?: ComponentChildren;
  today: string;
}

export function CalendarView({ shown, items, t, path, actions, today }: CalendarViewProps) {
  const href = (view: string, date: string) => `${path}?view=${view}&date=${date}`;
  const days = byDate(items);
  const weekdays = [1, 2, 3, 4, 5, 6, 7].map((d) => t(`calendar.weekdays.d${d}`));
  return (
    <div class="space-y-3" data-testid="calendar">
      <div class="flex flex-wrap items-center justify-between gap-2">
        <Tabs
          id="calendar-views"
          label={t("calendar.views.month")}
          selected={shown.view}
          tabs={(["month", "week", "list"] as const).map((v) => ({
            key: v,
            label: t(`calendar.views.${v}`),
            href: href(v, shown.date),
          }))}
        />
        <nav class="flex flex-wrap items-center gap-2" aria-label={t("calendar.views.month")}>
          <a class={buttonClass("secondary", "sm")} href={href(shown.view, shown.previous)}>
            {t("calendar.previous")}
          </a>
          <a class={buttonClass("secondary", "sm")} href={href(shown.view, today)}>{t("calendar.today")}</a>
          <a class={buttonClass("secondary", "sm")} href={href(shown.view, shown.next)}>
            {t("calendar.next")}
          </a>
          {actions}
        </nav>
      </div>
      <h2 class="text-lg font-semibold" data-testid="calendar-period">
        {formatDisplayDate(shown.from)} – {formatDisplayDate(shown.to)}
      </h2>
      {shown.view === "list"
        ? (
          items.length === 0 ? <p>{t("calendar.noItems")}</p> : (
            <ol class="space-y-3">
              {[...days.entries()].map(([date, list]) => (
                <li key={date}>
                  <h3 class="font-medium">{formatDisplayDate(date)}</h3>
                  <ul class="mt-1 space-y-1">
                    {list.map((item, i) => <Item key={i} item={item} t={t} full />)}
                  </ul>
                </li>
              ))}
            </ol>
          )
        )
        : (
          <div
            class="overflow-x-auto"
            tabIndex={0}
            role="region"
            aria-label={t(`calendar.views.${shown.view}`)}
          >
            <table class="w-full min-w-[48rem] table-fixed border-collapse text-sm">
              <thead>
                <tr>
                  {weekdays.map((d) => <th key={d} class="border border-gray-200 bg-gray-50 p-1">{d}</th>)}
                </tr>
              </thead>
              <tbody>
                {weeksOf(shown).map((week) => (
                  <tr key={week[0]}>
                    {week.map((date) => {
                      const inPeriod = date >= shown.from && date <= shown.to;
                      const list = inPeriod ? days.get(date) : undefined;
                      return (
                        <td key={date} class={inPeriod ? CELL : CELL_OUTSIDE} data-date={date}>
                          <div class={date === today ? DAY_TODAY : DAY}>{Number(date.slice(8))}</div>
                          {list && (
                            <ul class="mt-1 space-y-0.5">
                              {list.map((item, i) => (
                                <Item key={i} item={item} t={t} full={shown.view === "week"} />
                              ))}
                            </ul>
                          )}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
    </div>
  );
}

function weeksOf(shown: Shown): string[][] {
  const weeks: string[][] = [];
  const last = dayNumber(shown.to);
  for (let monday = dayNumber(mondayOf(shown.from)); monday <= last; monday += 7) {
    weeks.push([0, 1, 2, 3, 4, 5, 6].map((d) => dateOfDay(monday + d)));
  }
  return weeks;
}
