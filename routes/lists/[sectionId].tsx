import type { Handlers, PageProps, RouteMeta } from "../../framework/types.ts";
import { Tabs } from "../../components/ui/tabs.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { ListGrid } from "../../islands/lists/list_grid.tsx";
import { ListActions } from "../../islands/lists/list_actions.tsx";
import { AttendanceGrid } from "../../islands/lists/attendance_grid.tsx";
import { ListImport } from "../../islands/lists/list_import.tsx";
import { LISTS_ALL_KEY, LISTS_KEY, LISTS_UNLOCK_KEY, teaches } from "../../services/lists/access.ts";
import { ABSENCE_LIMIT_KEY, type AbsenceLimit, getAbsenceLimit } from "../../services/lists/absence_limit.ts";
import { readAttendance } from "../../services/lists/attendance.ts";
import { type Sheet, type SheetHead, sheetHead, sheetOf } from "../../services/lists/sheet.ts";
import { assertCanRead } from "../../services/lists/access.ts";
import { getSection, readSeatsAndSettings } from "../../services/registration/sections.ts";
import { SECTION_ID } from "../../services/registration/model.ts";
import { today } from "../../services/timetable/week.ts";
import { notFound } from "../../utils/errors.ts";
import { formatDisplayDate } from "../../components/ui/date_format.ts";
import type { AppState } from "../../http/app_state.ts";

export const meta: RouteMeta = { titleKey: "sections.list", permission: LISTS_KEY };

interface Data {
  sheet: SheetHead;
  /** The whole list: only the attendance tab renders its students on the server. */
  full: Sheet | null;
  students: number;
  tab: "points" | "attendance";
  date: string | null;
  marks: Record<number, "present" | "absent" | "late">;
  canUnlock: boolean;
  /** The course's absence limit with its version, for holders of its key (who may set it). */
  absenceLimit: AbsenceLimit | null;
}

/** Issue 20: one section's list — points per student and component, attendance per lesson date. */
export const handler: Handlers<Data, AppState> = {
  async GET({ url, params, state, render }) {
    if (!SECTION_ID.test(params.sectionId)) throw notFound("sections");
    const user = state.identity!.user;
    const actor = { userId: user.id, hrUserId: user.hrUserId, seesAll: state.auth.can(LISTS_ALL_KEY) };
    const section = await getSection(params.sectionId);
    assertCanRead(actor, section);
    const tab = url.searchParams.get("tab") === "attendance" ? "attendance" : "points";
    const owner = teaches(actor, section);
    const [full, head, [seats], absenceLimit] = await Promise.all([
      tab === "attendance" ? sheetOf(section, state.lang, owner) : null,
      tab === "attendance" ? null : sheetHead(section, state.lang, owner),
      readSeatsAndSettings([section.id]),
      state.auth.can(ABSENCE_LIMIT_KEY) ? getAbsenceLimit(section.bookId) : null,
    ]);
    const sheet = full ?? head!;
    let date: string | null = null;
    let marks: Data["marks"] = {};
    if (tab === "attendance") {
      const asked = url.searchParams.get("date");
      const day = today();
      date = asked && sheet.dates.includes(asked)
        ? asked
        : sheet.dates.filter((d) => d <= day).at(-1) ?? sheet.dates[0] ?? null;
      if (date) marks = (await readAttendance(section.id)).find((d) => d.date === date)?.marks ?? {};
    }
    return render({
      sheet,
      full,
      students: full?.students.length ?? seats.seats.enrolled,
      tab,
      date,
      marks,
      canUnlock: state.auth.can(LISTS_UNLOCK_KEY),
      absenceLimit,
    });
  },
};

export default function ListPage({ data, state }: PageProps<Data, AppState>) {
  const { t } = state;
  const { sheet } = data;
  const base = `/lists/${sheet.sectionId}`;
  return (
    <section class="space-y-4">
      <a href="/lists/list" class="text-sm text-primary-700 hover:underline">← {t("lists.back")}</a>
      <div class="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 class="text-2xl font-semibold">{sheet.course.name}</h1>
          <p class="text-sm text-gray-600">
            {sheet.course.code} · {sheet.course.credits} ECTS · {sheet.professor} · {t("lists.students")}:
            {" "}
            {data.students}
          </p>
          <p class="mt-1 text-sm" id="list-status" data-list-status={sheet.status}>
            {t("lists.status")}:{" "}
            {sheet.status === "submitted" ? t("lists.statusSubmitted") : t("lists.statusOpen")}
            {sheet.status === "submitted" && sheet.submittedAt
              ? ` — ${t("lists.lockedNote", { date: formatDisplayDate(sheet.submittedAt.slice(0, 10)) })}`
              : ""}
            {sheet.status === "open" && sheet.unlockReason
              ? ` — ${t("lists.unlockedNote", { reason: sheet.unlockReason })}`
              : ""}
          </p>
        </div>
        <div class="flex flex-wrap items-end gap-2">
          <a class={buttonClass("secondary", "sm")} href={`/api/lists/${sheet.sectionId}/export`} download>
            {t("lists.export")}
          </a>
          <ListActions
            sectionId={sheet.sectionId}
            canSubmit={sheet.editable && sheet.components.length > 0}
            canUnlock={data.canUnlock && sheet.status === "submitted"}
            absenceLimit={data.absenceLimit &&
              {
                bookId: data.absenceLimit.bookId,
                limit: data.absenceLimit.limit,
                versionstamp: data.absenceLimit.versionstamp,
              }}
          />
        </div>
      </div>
      <Tabs
        id="list-tabs"
        label={sheet.course.name}
        selected={data.tab}
        tabs={[
          { key: "points", label: t("lists.tabs.points"), href: base },
          { key: "attendance", label: t("lists.tabs.attendance"), href: `${base}?tab=attendance` },
        ]}
      />
      {data.tab === "points" &&
        (sheet.components.length === 0 ? <p class="text-sm text-gray-600">{t("lists.noComponents")}</p> : (
          <>
            {sheet.editable && <ListImport sectionId={sheet.sectionId} />}
            <ListGrid head={sheet} />
          </>
        ))}
      {data.tab === "attendance" && data.date && data.full && (
        <>
          <form method="get" action={base} class="flex items-end gap-2">
            <input type="hidden" name="tab" value="attendance" />
            <label class="flex flex-col text-xs">
              {t("lists.attendance.date")}
              <select name="date" class="rounded border border-gray-300 px-2 py-1 text-sm">
                {sheet.dates.map((d) => (
                  <option key={d} value={d} selected={d === data.date}>{formatDisplayDate(d)}</option>
                ))}
              </select>
            </label>
            <button type="submit" class={buttonClass("secondary", "sm")}>{t("lists.show")}</button>
          </form>
          <AttendanceGrid
            sectionId={sheet.sectionId}
            date={data.date}
            dateLabel={formatDisplayDate(data.date)}
            editable={sheet.editable}
            absenceLimit={sheet.absenceLimit}
            rows={data.full.students.map((s) => ({
              studentId: s.studentId,
              name: s.name,
              state: data.marks[s.studentId] ?? null,
              absenceShare: s.absenceShare,
              overLimit: s.overLimit,
            }))}
          />
        </>
      )}
    </section>
  );
}
