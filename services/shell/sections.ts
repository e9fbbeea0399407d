/**
 * The child routes of SPEC §2.1 (and the paths the menu and user menu link to) whose content no issue has
 * built yet. Each shows an honest "not available yet" page inside the shell, under its menu permission where
 * the menu has one. A section that gets real pages simply gets route files: static routes win over this table.
 */
export interface Section {
  path: string;
  titleKey: string;
  permission?: string;
}

const s = (path: string, titleKey: string, permission?: string): Section => ({ path, titleKey, permission });

export const SECTIONS: Section[] = [
  s("/docs", "sections.docs"),
  s("/components", "menu.components", "menu.learningProcesses.components"),
  s("/lists", "menu.lists", "menu.learningProcesses.lists"),
  s("/lists/list", "sections.list", "menu.learningProcesses.lists"),
  s("/rights", "sections.rights"),
  s("/notifications", "sections.notifications"),
  s("/messages", "sections.messages"),
  s("/messages/list", "sections.messagesList"),
  s("/testing", "sections.testing"),
  s("/event-calendar", "sections.eventCalendar"),
  s("/observer-panel", "sections.observerPanel"),
  s("/sms", "menu.sms", "menu.contact.sms"),
  s("/tasks", "sections.tasks"),
  s("/portfolio", "sections.portfolio"),
  s("/finances", "menu.finances", "menu.finances"),
  s("/finances-second", "menu.finances", "menu.finances"),
  s("/finances-second/students", "menu.financeStudents", "menu.finances.students"),
  s("/finances-second/discounts", "menu.discounts", "menu.finances.discounts"),
  s("/finances-second/events", "menu.transactions", "menu.finances.transactions"),
  s("/finances-second/reports", "menu.financeReports", "menu.finances.reports"),
  s("/finances-second/parameters", "menu.parameters", "menu.finances.parameters"),
  s("/poll", "menu.polls", "menu.contact.polls"),
  s("/poll/dashboard", "sections.dashboard", "menu.contact.polls"),
  s("/poll-response", "sections.pollResponse"),
  s("/school-leavers", "sections.schoolLeavers"),
  s("/fellowship", "menu.fellowship", "menu.fellowship"),
  s("/hr/calendar", "menu.calendar", "menu.hr.calendar"),
  s("/hr/calendar/calendar", "menu.calendar", "menu.hr.calendar"),
  s("/timeDemand", "sections.timeDemand"),
  s("/documents", "sections.documents"),
  s("/bib", "sections.bib"),
  s("/alumni", "sections.alumni"),
  s("/mobility", "sections.mobility"),
  s("/reports", "menu.reports", "menu.reporting.reports"),
  s("/el-stamp", "sections.elStamp"),
  s("/el-files", "menu.electronicFiles", "menu.electronicFiles"),
  s("/el-files/dashboards", "sections.dashboard", "menu.electronicFiles"),
  s("/admissions", "sections.admissions"),
  s("/contact", "menu.contact"),
  s("/user", "sections.user"),
  s("/user/notifications", "sections.notifications"),
  s("/gift-laptops", "sections.giftLaptops"),
  s("/diploma-enclosures", "menu.diplomaEnclosures", "menu.diplomaEnclosures"),
  s("/diploma-enclosures/dashboard", "sections.dashboard", "menu.diplomaEnclosures"),
  s("/insurances", "sections.insurances"),
  s("/mobility-books", "menu.mobilityBooks", "menu.learningProcesses.mobilityBooks"),
  s("/stepover", "sections.stepover"),
  s("/analytics", "sections.analytics", "menu.reporting.analytics"),
  s("/analytics/dashboard", "sections.dashboard", "menu.reporting.analytics.dashboard"),
  s("/analytics/foreign-students", "sections.foreignStudents", "menu.reporting.analytics"),
  s("/publications", "sections.publications"),
  s("/research", "sections.research"),
  s("/partner", "sections.partner"),
  s("/pr-active", "sections.prActive"),
  s("/memorandum", "sections.memorandum"),
  s("/exported-poll", "sections.exportedPoll"),
  s("/LiiPrograms", "sections.liiPrograms"),
  s("/kpiOne", "sections.kpiOne"),
  s("/storage-settings", "sections.storageSettings"),
  s("/vacant-positions", "sections.vacantPositions"),
  s("/video-lessons", "menu.videoLessons", "menu.videoLessons"),
];

const byPath = new Map(SECTIONS.map((section) => [section.path, section]));

/** Paths with parameters that no page serves yet. */
const PATTERNS: [RegExp, Section][] = [];

export function sectionAt(path: string): Section | undefined {
  const exact = byPath.get(path);
  if (exact) return exact;
  const match = PATTERNS.find(([pattern]) => pattern.test(path));
  return match ? { ...match[1], path } : undefined;
}
