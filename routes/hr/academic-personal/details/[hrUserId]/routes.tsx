/**
 * The HR profile (SPEC §2.3: the user menu's "profile" links here for professors and others; custom users
 * land on the administrative twin of this route, which re-exports this module). Visible with menu.hr, or to
 * the person themself; to anybody else it does not exist (404). An address with the wrong kind redirects.
 */
import {
  HrProfile,
  type HrProfileData,
  type TaughtCourse,
} from "../../../../../components/hr/hr_profile.tsx";
import { profileHref, type SchoolChoice, toHrRow } from "../../../../../components/hr/hr_row.ts";
import type { Handlers, PageProps, RouteMeta } from "../../../../../framework/types.ts";
import { HrProfileEdit } from "../../../../../islands/hr/profile_edit.tsx";
import type { Auditorium, TimetableEntry } from "../../../../../services/academic/model.ts";
import { AUDITORIUMS } from "../../../../../services/timetable/auditoriums.ts";
import { bookName, getBooks } from "../../../../../services/books/mod.ts";
import { getManyRecords } from "../../../../../services/db/reads.ts";
import { getHr, HR, hrAsSeenBy, isOwnHrRecord, schoolChoices } from "../../../../../services/hr/mod.ts";
import { currentGroupOf, listGroups } from "../../../../../services/academic/semesters.ts";
import { listEntries } from "../../../../../services/timetable/entries.ts";
import { lessonTime } from "../../../../../services/timetable/rules.ts";
import { getUser } from "../../../../../services/identity/users.ts";
import { notFound } from "../../../../../utils/errors.ts";
import type { Lang } from "../../../../../utils/i18n.ts";
import type { AppState } from "../../../../../http/app_state.ts";

export const meta: RouteMeta = { titleKey: "sections.profile" };

interface ProfilePage extends HrProfileData {
  /** For the edit dialog; empty when the viewer may not edit. */
  schools: SchoolChoice[];
}

export const handler: Handlers<ProfilePage, AppState> = {
  async GET({ params, url, state, render }) {
    const id = /^\d{1,15}$/.test(params.hrUserId) ? Number(params.hrUserId) : 0;
    const record = id ? await getHr(id) : null;
    const viewer = state.identity!.user;
    const own = record !== null && isOwnHrRecord(viewer, record.value);
    if (!record || !(own || state.auth.can("menu.hr"))) throw notFound(HR);
    const href = profileHref(record.value.kind, id);
    if (url.pathname !== href) return new Response(null, { status: 302, headers: { location: href } });

    const [schools, account, teaching] = await Promise.all([
      schoolChoices(state.lang),
      record.value.userId === null ? null : getUser(record.value.userId),
      record.value.kind === "academic" ? teachingOf(id, state.lang) : null,
    ]);
    const seen = hrAsSeenBy(record, { user: viewer, keys: state.auth });
    const person = toHrRow(seen, new Map(schools.map((s) => [s.id, s.name])));
    return render({
      person,
      own,
      account: account && { name: state.lang === "en" ? account.nameEn : account.name, email: account.email },
      teaching,
      schools: state.auth.can("menu.hr.edit") ? schools : [],
    });
  },
};

/** This semester's courses of a professor, each with its weekly lessons, from the timetable. */
async function teachingOf(professorHrId: number, lang: Lang): Promise<HrProfileData["teaching"]> {
  const group = currentGroupOf(await listGroups());
  if (!group) return { season: null, courses: [] };
  const entries = await listEntries({ professorHrId, groupId: group.id });
  const [books, rooms] = await Promise.all([
    getBooks(entries.map((e) => e.value.bookId)),
    getManyRecords<Auditorium>(AUDITORIUMS, [...new Set(entries.map((e) => e.value.auditoriumId))]),
  ]);
  const roomNames = new Map(rooms.flatMap((r) => (r ? [[r.value.id, r.value.name] as const] : [])));
  const courses = new Map<number, TaughtCourse>();
  for (const { value: e } of entries) {
    const book = books.get(e.bookId);
    let course = courses.get(e.bookId);
    if (!course) {
      course = {
        bookId: e.bookId,
        name: book ? bookName(book, lang) : `#${e.bookId}`,
        code: book?.code ?? "",
        lessons: [],
      };
      courses.set(e.bookId, course);
    }
    course.lessons.push(lessonOf(e, roomNames));
  }
  return { season: group.value.seasonYear, courses: [...courses.values()] };
}

const lessonOf = (e: TimetableEntry, roomNames: ReadonlyMap<number, string>) => ({
  weekday: e.weekday,
  time: lessonTime(e),
  type: e.type,
  auditorium: roomNames.get(e.auditoriumId) ?? `#${e.auditoriumId}`,
});

export default function HrProfilePage({ data, state }: PageProps<ProfilePage, AppState>) {
  return (
    <HrProfile
      data={data}
      t={state.t}
      lang={state.lang}
      actions={state.auth.can("menu.hr.edit")
        ? <HrProfileEdit person={data.person} schools={data.schools} />
        : undefined}
    />
  );
}
