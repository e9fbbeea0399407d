/**
 * The shell domain (services/shell/) owns what frames every page: the side menu and its editor, landing
 * pages, the menu badges (mailboxes), the poll alert, the live flags (Zoom, observing), the professor
 * statement, the "not available yet" sections and the named settings. This file: the side menu of SPEC §2.2
 * with the ids of §9. Each item carries the permission key that shows it (one key per menu item; the spec
 * leaves most empty, this product fills them so the menu shows what a person may open). Item 171's parent
 * (170) is not defined by the spec, so it is shown at the top level. Items 601, 700 and 800 follow the spec's
 * order of the last three rows; 601 (electronic files) is for professors only. The permissions screen's dev
 * mode will store an edited copy in KV; this is the default.
 */
import type { MenuItem } from "../../utils/menu.ts";

const item = (
  id: number,
  titleKey: string,
  route: string,
  icon: string,
  permission?: string,
  match?: string,
): MenuItem => ({
  id,
  titleKey,
  route,
  icon,
  ...(permission ? { permission } : {}),
  ...(match ? { match } : {}),
});

export const DEFAULT_MENU: MenuItem[] = [
  item(10, "menu.calendar", "/hr/calendar/calendar", "calendar", "menu.hr.calendar", "/hr/calendar"),
  item(11, "menu.students", "/students", "students", "menu.students"),
  {
    // The student's way in and out of the registry (issue 23; §2.2's table names none of it, so the ids are
    // ours); each item carries the key its page asks for.
    id: 40,
    titleKey: "menu.lifecycle",
    icon: "lifecycle",
    children: [
      item(401, "admissions.page.title", "/admissions", "admissions", "menu.admissions"),
      item(402, "lifecycle.leavers.title", "/school-leavers", "leavers", "menu.students"),
      item(403, "lifecycle.alumni.title", "/alumni", "alumni", "menu.students"),
      item(404, "lifecycle.mobility.title", "/mobility", "mobility", "menu.learningProcesses.mobilityBooks"),
    ],
  },
  {
    id: 20,
    titleKey: "menu.learningProcess",
    icon: "book",
    children: [
      item(
        200,
        "menu.structure",
        "/structure/schools",
        "structure",
        "menu.learningProcesses.structure",
        "/structure",
      ),
      item(201, "menu.learningCourses", "/books", "book", "menu.learningProcesses.learningCourses"),
      item(202, "menu.lists", "/lists", "list", "menu.learningProcesses.lists"),
      item(203, "menu.components", "/components", "components", "menu.learningProcesses.components"),
      item(204, "menu.registration", "/registration", "registration", "menu.learningProcesses.registration"),
      item(205, "menu.mobilityBooks", "/mobility-books", "mobility", "menu.learningProcesses.mobilityBooks"),
      // A student's own grades and attendance (issue 20; not in §9's list, so its id is ours); students only.
      { ...item(206, "menu.grades", "/grades", "list", "menu.learningProcesses.grades"), guards: ["user"] },
    ],
  },
  {
    id: 30,
    titleKey: "menu.contact",
    icon: "contact",
    children: [
      item(33, "menu.polls", "/poll/dashboard", "poll", "menu.contact.polls", "/poll"),
      item(34, "menu.sms", "/sms", "sms", "menu.contact.sms"),
      // Everyone's own boxes (no key); their badges count unread items (SPEC §2.2; ids not in §9's list).
      item(35, "sections.mailbox", "/mailbox", "mail"),
      item(36, "sections.chancellery", "/chancellery", "chancellery"),
    ],
  },
  {
    id: 50,
    titleKey: "menu.settings",
    icon: "settings",
    children: [
      item(501, "menu.users", "/permissions", "users", "menu.settings.users"),
      // The language screen (SPEC §2.1 child route "lang"; not in §2.2's list, so its id is ours).
      item(502, "sections.lang", "/lang/ka", "language", "menu.languages", "/lang"),
    ],
  },
  item(80, "menu.table", "/tables", "table", "menu.table"),
  item(171, "menu.fellowship", "/fellowship", "fellowship", "menu.fellowship"),
  {
    id: 300,
    titleKey: "menu.finances",
    icon: "finances",
    children: [
      item(301, "menu.financeStudents", "/finances-second/students", "students", "menu.finances.students"),
      item(302, "menu.discounts", "/finances-second/discounts", "discount", "menu.finances.discounts"),
      item(303, "menu.transactions", "/finances-second/events", "transactions", "menu.finances.transactions"),
      item(304, "menu.financeReports", "/finances-second/reports", "reports", "menu.finances.reports"),
      item(305, "menu.parameters", "/finances-second/parameters", "settings", "menu.finances.parameters"),
    ],
  },
  {
    id: 500,
    titleKey: "menu.reporting",
    icon: "reports",
    children: [
      item(511, "menu.reports", "/reports", "reports", "menu.reporting.reports"),
      // §2.2's table names no analytics item; the route and its key are the spec's (§2.1, §9).
      item(
        512,
        "sections.analytics",
        "/analytics/dashboard",
        "analytics",
        "menu.reporting.analytics.dashboard",
        "/analytics",
      ),
    ],
  },
  {
    ...item(
      601,
      "menu.electronicFiles",
      "/el-files/dashboards",
      "files",
      "menu.electronicFiles",
      "/el-files",
    ),
    guards: ["prof"],
  },
  item(
    700,
    "menu.diplomaEnclosures",
    "/diploma-enclosures/dashboard",
    "diploma",
    "menu.diplomaEnclosures",
    "/diploma-enclosures",
  ),
  item(800, "menu.videoLessons", "/video-lessons", "video", "menu.videoLessons"),
];

/** The menu one person sees: items they hold the key for (and whose guard matches), empty groups dropped. */
export function menuFor(menu: MenuItem[], can: (key: string) => boolean, guard: string): MenuItem[] {
  const visible = (entry: MenuItem) =>
    (!entry.permission || can(entry.permission)) && (!entry.guards || entry.guards.includes(guard as never));
  return menu.flatMap((entry) => {
    if (!entry.children) return visible(entry) ? [entry] : [];
    const children = entry.children.filter(visible);
    return children.length && visible(entry) ? [{ ...entry, children }] : [];
  });
}
