/**
 * The top of a student's /registration: their holds (with reasons) first, the window's dates, the credit total
 * against the limit, and what they hold — enrolled or waiting, with a drop button each.
 */
import type { Mine } from "../../services/registration/offerings.ts";
import { formatDisplayDate } from "../ui/date_format.ts";
import { buttonClass } from "../ui/button.tsx";
import { LessonList } from "./sections_table.tsx";
import type { Translate } from "../../utils/i18n.ts";

export function MinePanel({ mine, t }: { mine: Mine; t: Translate }) {
  const w = mine.window;
  return (
    <div class="space-y-3">
      {mine.holds.length > 0 && (
        <div
          role="alert"
          class="rounded border border-danger-300 bg-danger-50 p-3 text-sm"
          id="registration-holds"
        >
          <p class="font-medium text-danger-700">{t("registration.holdsTitle")}</p>
          <ul class="mt-1 list-disc ps-5">
            {mine.holds.map((h) => (
              <li key={h.id}>
                {t(`registration.holds.kinds.${h.kind}`)}: {h.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      <p class="text-sm text-gray-700">
        {w
          ? t("registration.window", {
            opens: formatDisplayDate(w.opens),
            closes: formatDisplayDate(w.closes),
            deadline: formatDisplayDate(w.dropDeadline),
          })
          : t("registration.noWindow")}
      </p>
      {mine.creditLimit !== null && (
        <p class="text-sm font-medium" id="registration-credits">
          {t("registration.credits", { total: mine.credits, limit: mine.creditLimit })}
        </p>
      )}
      <h2 class="text-lg font-semibold">{t("registration.mine")}</h2>
      {mine.registrations.length === 0
        ? <p class="text-sm text-gray-500">{t("registration.noneYet")}</p>
        : (
          <ul class="divide-y divide-gray-200 rounded border border-gray-200 text-sm" id="registration-mine">
            {mine.registrations.map((r) => (
              <li
                key={r.id}
                class="flex flex-wrap items-start justify-between gap-2 p-2"
                data-mine={r.sectionId}
              >
                <div>
                  <div class="font-medium">{r.course}</div>
                  <div class="text-xs text-gray-500">{r.professor} · {r.credits} ECTS</div>
                  <div class="text-xs">
                    <LessonList row={r} t={t} />
                  </div>
                </div>
                <div class="flex items-center gap-2">
                  <span data-status={r.status}>
                    {r.status === "enrolled"
                      ? t("registration.enrolled")
                      : t("registration.waitlisted", { position: r.position ?? 0 })}
                  </span>
                  <button
                    type="button"
                    class={buttonClass("secondary", "sm")}
                    data-reg="drop"
                    data-registration={r.id}
                    data-course={r.course}
                  >
                    {t("registration.drop")}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
    </div>
  );
}
