/**
 * The app's one icon set (ARCHITECTURE §1: self-hosted, no icon font or CDN): 24 × 24 outline paths drawn in
 * the text's colour, named for what they show. The courses' row actions and the side menu's items (SPEC §2.2:
 * each item names its icon) draw from it through styles/icons.css (components/icons_css.ts writes it); a menu
 * item naming an icon the set lacks gets an empty square.
 */

export const ICONS: Readonly<Record<string, string>> = {
  history: "M12 8v4l3 2M3.5 9a9 9 0 1 1-.4 4M3 4v5h5",
  userCheck:
    "M15 20v-1.5a3.5 3.5 0 0 0-3.5-3.5h-5A3.5 3.5 0 0 0 3 18.5V20M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7m7 0 2 2 4-4",
  folder: "M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z",
  graduation: "M22 9 12 4 2 9l10 5zM6 11v5c3 2.5 9 2.5 12 0v-5",
  document: "M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8zm0 0v5h5M9 13h6m-6 4h6",
  pie: "M11 3.05A9 9 0 1 0 20.95 13H11zM14 3.5V10h6.5A8 8 0 0 0 14 3.5",
  checklist: "M10 6h10M10 12h10M10 18h10M3.5 6l1.5 1.5L7.5 5m-4 7 1.5 1.5 2.5-2.5m-4 7 1.5 1.5 2.5-2.5",
  edit: "M4 20h4L19 9l-4-4L4 16zm9-13 4 4",
  trash: "M4 7h16m-10 4v6m4-6v6M6 7l1 13h10l1-13M9 7V4h6v3",
  calendar: "M7 3v4m10-4v4M4 10h16M5 5h14a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1",
  people:
    "M15 20v-1.5a3.5 3.5 0 0 0-3.5-3.5h-5A3.5 3.5 0 0 0 3 18.5V20M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7m12 9v-1.5a3.5 3.5 0 0 0-2.5-3.3M15.5 4.3a3.5 3.5 0 0 1 0 6.4",
  person: "M19 20v-1.5a4 4 0 0 0-4-4H9a4 4 0 0 0-4 4V20m7-9a4 4 0 1 0 0-8 4 4 0 0 0 0 8",
  book: "M5 19V5a2 2 0 0 1 2-2h12v14H7a2 2 0 0 0-2 2 2 2 0 0 0 2 2h12v-4",
  structure: "M9 3h6v5H9zM12 8v4M5 16v-4h14v4M3 16h4v5H3zm7 0h4v5h-4zm7 0h4v5h-4z",
  list: "M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01",
  clipboard:
    "M9 4h6v3H9zM9 5H6a1 1 0 0 0-1 1v14a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V6a1 1 0 0 0-1-1h-3m-6 9 2 2 4-4",
  globe:
    "M3 12h18M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18m0 0c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9S9.5 5.5 12 3",
  chat: "M20 12a8 8 0 0 1-11.6 7.1L4 20l.9-4.4A8 8 0 1 1 20 12",
  bars: "M5 20v-8m7 8V5m7 15v-5",
  phone: "M8 2h8a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2m3 16h2",
  mail: "M4 6h16v12H4zm0 0 8 6 8-6",
  archive: "M3 4h18v4H3zm2 4v12h14V8m-9 4h4",
  sliders: "M4 6h9m4 0h3M4 12h3m4 0h9M4 18h11m4 0h1M15 4v4M9 10v4m8 2v4",
  language: "M4 5h8M8 3v2m-2 0c0 4 2.5 7 6 8m-2-8c0 3.5-2.5 6.5-6 8m9 8 4-9 4 9m-6.5-3h5",
  grid: "M3 4h18v16H3zm0 6h18M3 15h18M9 4v16",
  award: "M12 15a6 6 0 1 0 0-12 6 6 0 0 0 0 12m-3.5-1L7 22l5-3 5 3-1.5-8",
  wallet: "M3 7h18v12H3zm0 0 3-4h12l3 4m-5 6h2",
  percent: "M19 5 5 19M7 9a2 2 0 1 0 0-4 2 2 0 0 0 0 4m10 10a2 2 0 1 0 0-4 2 2 0 0 0 0 4",
  arrows: "M7 4 3 8l4 4M3 8h14m0 12 4-4-4-4m4 4H7",
  chart: "M4 4v16h16M8 16v-4m4 4V8m4 8v-6",
  video: "M3 6h13v12H3zm13 4 5-3v10l-5-3",
};

/** The menu's icon names (services/shell/menu.ts), each with the name of the set's icon that draws it. */
export const MENU_ICON_NAMES: Readonly<Record<string, string>> = {
  calendar: "calendar",
  students: "people",
  book: "book",
  structure: "structure",
  list: "list",
  components: "pie",
  registration: "clipboard",
  mobility: "globe",
  lifecycle: "people",
  admissions: "userCheck",
  leavers: "archive",
  alumni: "graduation",
  contact: "chat",
  poll: "bars",
  sms: "phone",
  mail: "mail",
  chancellery: "archive",
  settings: "sliders",
  users: "person",
  language: "language",
  table: "grid",
  fellowship: "award",
  finances: "wallet",
  discount: "percent",
  transactions: "arrows",
  reports: "chart",
  analytics: "pie",
  files: "folder",
  diploma: "document",
  video: "video",
};

/** The path that draws the menu icon `name`; undefined when the set has none. */
export function menuIconPath(name: string): string | undefined {
  const icon = MENU_ICON_NAMES[name];
  return icon === undefined ? undefined : ICONS[icon];
}
