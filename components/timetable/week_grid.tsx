/** Six day columns, Monday to Saturday, with their dates and lessons; the lesson running now is marked. */
import type { DayColumn } from "../../services/timetable/page.ts";
import type { Translate } from "../../utils/i18n.ts";
import { CachedFragment } from "../../framework/islands.ts";

/** "16.11" — the day and month under the weekday's name. */
const dayMonth = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}`;

interface WeekGridProps {
  days: DayColumn[];
  t: Translate;
  showProfessor: boolean;
}

/** Kept once rendered under the week it shows (the cache's scope holds the language and the texts' version). */
export function WeekGrid(props: WeekGridProps) {
  return (
    <CachedFragment
      cacheKey={`week-grid\u0000${props.showProfessor}\u0000${JSON.stringify(props.days)}`}
      render={() => <Grid {...props} />}
    />
  );
}

function Grid({ days, t, showProfessor }: WeekGridProps) {
  return (
    <div class="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6" data-testid="timetable-grid">
      {days.map((day) => (
        <section
          key={day.date}
          aria-labelledby={`day-${day.date}`}
          data-date={day.date}
          class={`rounded-lg border bg-white ${day.isToday ? "border-primary-400" : "border-gray-200"}`}
        >
          <h2 id={`day-${day.date}`} class="border-b border-gray-100 px-3 py-2 text-sm font-semibold">
            {t(`timetableAdmin.weekday.${day.weekday}`)}{" "}
            <time dateTime={day.date} class="font-normal text-gray-500">{dayMonth(day.date)}</time>
          </h2>
          {day.lessons.length === 0
            ? <p class="px-3 py-4 text-sm text-gray-600">{t("timetable.noLessons")}</p>
            : (
              <ul class="divide-y divide-gray-100">
                {day.lessons.map((lesson) => (
                  <li
                    key={lesson.id}
                    data-lesson={lesson.id}
                    aria-current={lesson.isNow ? "time" : undefined}
                    class={`px-3 py-2 text-sm ${
                      lesson.isNow ? "border-l-4 border-primary-600 bg-primary-50" : ""
                    }`}
                  >
                    <div class="font-mono text-xs text-gray-600">
                      {lesson.time}
                      {lesson.isNow && (
                        <span class="ml-2 rounded bg-primary-600 px-1.5 py-0.5 font-sans text-white">
                          {t("timetable.now")}
                        </span>
                      )}
                    </div>
                    <div class="font-medium text-gray-900">{lesson.course}</div>
                    <div class="text-xs text-gray-600">
                      {t(`timetableAdmin.type.${lesson.type}`)} · {t("timetable.room")} {lesson.auditorium}
                    </div>
                    {showProfessor && <div class="text-xs text-gray-500">{lesson.professor}</div>}
                  </li>
                ))}
              </ul>
            )}
        </section>
      ))}
    </div>
  );
}
