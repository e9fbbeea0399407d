/**
 * Every permission key, grouped by menu as the roles screen shows them. The keys of SPEC §6 are kept as they
 * are; the rest (one per menu item and per action this product adds) follow the same `menu.<area>.<item>.<action>`
 * shape. A key grants nothing by itself: roles hold keys, users hold roles, and user id 1 holds every key.
 */
export interface PermissionNode {
  key: string;
  children?: PermissionNode[];
}

const leaf = (key: string): PermissionNode => ({ key });
const group = (key: string, ...children: (string | PermissionNode)[]): PermissionNode => ({
  key,
  children: children.map((c) => (typeof c === "string" ? leaf(`${key}.${c}`) : c)),
});

const COURSES = "menu.learningProcesses.learningCourses";
const CONDITIONS = `${COURSES}.conditions`;
const conditionActions = ["addGroup", "editGroup", "removeGroup", "addBook", "removeBook", "logs"];

export const PERMISSION_TREE: PermissionNode[] = [
  group("menu.hr", "calendar", "add", "edit"),
  group("menu.students", "add", "edit", "export", "status"),
  group("menu.admissions", "decide"),
  group(
    "menu.learningProcesses",
    group("menu.learningProcesses.structure", "add", "edit", "remove"),
    group(
      COURSES,
      "export",
      "add",
      "edit",
      "remove",
      "logs",
      "professors",
      "categories",
      "ruleStudents",
      "silabus",
      group(`${COURSES}.components`, "logs"),
      group(
        CONDITIONS,
        group(`${CONDITIONS}.equalCondition`, ...conditionActions),
        group(`${CONDITIONS}.antiCondition`, ...conditionActions),
        group(`${CONDITIONS}.gpa`, "edit"),
        group(`${CONDITIONS}.program`, "add", "remove"),
      ),
    ),
    group("menu.learningProcesses.lists", "all", "unlock", "absenceLimit"),
    leaf("menu.learningProcesses.grades"),
    leaf("menu.learningProcesses.components"),
    group("menu.learningProcesses.registration", "settings", "manage", "holds", "export"),
    leaf("menu.learningProcesses.mobilityBooks"),
  ),
  group("menu.contact", "polls", "sms", "events", "messages"),
  group("menu.settings", group("menu.settings.users", "dev", "users", "prof", "roles", "params"), "jobs"),
  group("menu.table", "all", "edit", "export", "votes"),
  leaf("menu.fellowship"),
  group("menu.finances", "students", "discounts", "transactions", "reports", "parameters"),
  group("menu.reporting", "reports", group("menu.reporting.analytics", "dashboard")),
  leaf("menu.electronicFiles"),
  leaf("menu.diplomaEnclosures"),
  leaf("menu.videoLessons"),
  // Personal data beyond the directory, one key per field (services/identity/personal_data.ts).
  group(
    "menu.personalInfo",
    group("menu.personalInfo.view", "country", "phone", "personalNumber", "birthDate", "address"),
  ),
  group("menu.chat", "eventLog"),
  group("menu.notifications", "consents"),
  group("menu.languages", "edit"),
  leaf("menu.observerPanel"),
];

function flatten(nodes: PermissionNode[]): string[] {
  return nodes.flatMap((node) => [node.key, ...flatten(node.children ?? [])]);
}

/** Every key, in tree order. */
export const ALL_PERMISSIONS: readonly string[] = flatten(PERMISSION_TREE);
const KNOWN = new Set(ALL_PERMISSIONS);

export function isPermissionKey(key: string): boolean {
  return KNOWN.has(key);
}

const keysByPrefix = new Map<string, readonly string[]>();

/**
 * Keys under (and including) `prefix`: a role given a whole area gets every action in it. Worked out once per
 * prefix (the catalogue is fixed): the courses page asks on every request.
 */
export function keysUnder(prefix: string): readonly string[] {
  let keys = keysByPrefix.get(prefix);
  if (!keys) {
    keys = Object.freeze(ALL_PERMISSIONS.filter((key) => key === prefix || key.startsWith(prefix + ".")));
    keysByPrefix.set(prefix, keys);
  }
  return keys;
}
