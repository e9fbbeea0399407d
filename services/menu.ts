/**
 * The side menu of SPEC §2.2 with the ids of §9. Groups carry children; permission keys are empty on most
 * items. Item 171's parent (170) is not defined by the spec, so it is shown at the top level. Items 601, 700
 * and 800 follow the spec's order of the last three rows; 601 (electronic files) is for professors only.
 */
import type { MenuItem } from "../utils/menu.ts";

export const DEFAULT_MENU: MenuItem[] = [
  { id: 10, titleKey: "menu.calendar", route: "/hr/calendar/calendar", icon: "calendar" },
  { id: 11, titleKey: "menu.students", route: "/students", icon: "students" },
  {
    id: 20,
    titleKey: "menu.learningProcess",
    icon: "book",
    children: [
      { id: 200, titleKey: "menu.structure", route: "/structure/schools", icon: "structure" },
      {
        id: 201,
        titleKey: "menu.learningCourses",
        route: "/books",
        icon: "book",
        permission: "menu.learningProcesses.learningCourses",
      },
      { id: 202, titleKey: "menu.lists", route: "/lists", icon: "list" },
      { id: 203, titleKey: "menu.components", route: "/components", icon: "components" },
      { id: 204, titleKey: "menu.registration", route: "/registration", icon: "registration" },
      { id: 205, titleKey: "menu.mobilityBooks", route: "/mobility-books", icon: "mobility" },
    ],
  },
  {
    id: 30,
    titleKey: "menu.contact",
    icon: "contact",
    children: [
      { id: 33, titleKey: "menu.polls", route: "/poll/dashboard", icon: "poll" },
      { id: 34, titleKey: "menu.sms", route: "/sms", icon: "sms" },
    ],
  },
  {
    id: 50,
    titleKey: "menu.settings",
    icon: "settings",
    children: [{
      id: 501,
      titleKey: "menu.users",
      route: "/permissions",
      icon: "users",
      permission: "menu.settings.users",
    }],
  },
  { id: 80, titleKey: "menu.table", route: "/tables", icon: "table" },
  { id: 171, titleKey: "menu.fellowship", route: "/fellowship", icon: "fellowship" },
  {
    id: 300,
    titleKey: "menu.finances",
    icon: "finances",
    children: [
      { id: 301, titleKey: "menu.financeStudents", route: "/finances-second/students", icon: "students" },
      { id: 302, titleKey: "menu.discounts", route: "/finances-second/discounts", icon: "discount" },
      { id: 303, titleKey: "menu.transactions", route: "/finances-second/events", icon: "transactions" },
      { id: 304, titleKey: "menu.financeReports", route: "/finances-second/reports", icon: "reports" },
      { id: 305, titleKey: "menu.parameters", route: "/finances-second/parameters", icon: "settings" },
    ],
  },
  {
    id: 500,
    titleKey: "menu.reporting",
    icon: "reports",
    children: [{ id: 511, titleKey: "menu.reports", route: "/reports", icon: "reports" }],
  },
  {
    id: 601,
    titleKey: "menu.electronicFiles",
    route: "/el-files/dashboards",
    icon: "files",
    guards: ["prof"],
  },
  { id: 700, titleKey: "menu.diplomaEnclosures", route: "/diploma-enclosures/dashboard", icon: "diploma" },
  { id: 800, titleKey: "menu.videoLessons", route: "/video-lessons", icon: "video" },
];

/** Id of the top-level group holding `path`, if any: that group is open on load. */
export function groupOfPath(menu: MenuItem[], path: string): number | null {
  for (const item of menu) {
    if (
      item.children?.some((child) =>
        child.route && (path === child.route || path.startsWith(child.route + "/"))
      )
    ) {
      return item.id;
    }
  }
  return null;
}
