/**
 * Everything the /registration page shows, read for one request from the URL: the tab (register, sections,
 * holds, settings), the semester (default: the one whose window is open), a text filter and page, and for the
 * registrar a section whose roster to open. A student sees their holds, registrations and the sections with
 * what would refuse them; the registrar sees seats, rosters, holds and the windows.
 */
import { listGroups } from "../academic/semesters.ts";
import { listHolds } from "./holds.ts";
import type { Hold, RegistrationWindow } from "./model.ts";
import { listOfferings, type Mine, type OfferingRow, readOfferingVersions } from "./offerings.ts";
import { type Roster, sectionRoster } from "./roster.ts";
import { currentWindowGroup, getWindow, today } from "./windows.ts";
import type { Lang } from "../../utils/i18n.ts";
import type { Student } from "../academic/model.ts";
import { getManyRecords } from "../db/reads.ts";
import { builtRowsKey } from "./built_pages.ts";

export type RegistrationTab = "register" | "sections" | "holds" | "settings";
export const PAGE_SIZE = 20;

export interface RegistrationQuery {
  tab: RegistrationTab;
  group: number | null;
  text: string;
  page: number;
  section: string | null;
  /** The holds tab's student filter. */
  student: number | null;
}

export interface RegistrationPageData {
  query: RegistrationQuery;
  groups: { id: number; label: string }[];
  groupId: number | null;
  window: RegistrationWindow | null;
  rows: OfferingRow[];
  /** Names the rows when they were handed back as built (built_pages.ts): the page's markup may be kept. */
  rowsKey: string | null;
  total: number;
  mine: Mine | null;
  holds: Hold[];
  /** The held students' names in the page's language. */
  holdNames: Record<number, string>;
  roster: Roster | null;
  staff: boolean;
  /** The semester's drop deadline has passed: only the registrar may drop, with a reason. */
  dropLate: boolean;
}

const positive = (value: string | null) => {
  const n = Number(value);
  return value && Number.isSafeInteger(n) && n > 0 ? n : null;
};

export function parseRegistrationQuery(params: URLSearchParams, staff: boolean): RegistrationQuery {
  const asked = params.get("tab");
  const tabs: RegistrationTab[] = staff ? ["sections", "register", "holds", "settings"] : ["register"];
  const section = params.get("section");
  return {
    tab: tabs.includes(asked as RegistrationTab) ? asked as RegistrationTab : tabs[0],
    group: positive(params.get("group")),
    text: (params.get("q") ?? "").trim().slice(0, 100),
    page: Math.min(positive(params.get("page")) ?? 1, 10_000),
    section: section && /^\d{1,9}-\d{1,9}-\d{1,9}$/.test(section) ? section : null,
    student: positive(params.get("student")),
  };
}

export async function loadRegistrationPage(
  query: RegistrationQuery,
  viewer: { studentId: number | null; staff: boolean; canHolds: boolean },
  lang: Lang,
): Promise<RegistrationPageData> {
  const listed = query.tab === "register" || query.tab === "sections";
  const studentId = query.tab === "register" ? viewer.studentId : null;
  // In one KV round trip (their version keys are read in the same turn), with those the listing reads later.
  const versions = listed ? readOfferingVersions(studentId !== null) : undefined;
  const [groups, current] = await Promise.all([listGroups(), currentWindowGroup()]);
  const groupId = query.group !== null && groups.some((g) => g.id === query.group)
    ? query.group
    : current ?? groups.at(-1)?.id ?? null;
  const empty = { rows: [] as OfferingRow[], total: 0 };
  const [window, listing, holds, roster] = await Promise.all([
    groupId === null ? null : getWindow(groupId),
    groupId === null || query.tab === "holds" || query.tab === "settings"
      ? { ...empty, mine: null }
      : listOfferings(
        groupId,
        { text: query.text, page: query.page, limit: PAGE_SIZE },
        { studentId },
        lang,
        versions,
      )
        .then((r) => ({ rows: r.data, total: r.total, mine: r.mine })),
    query.tab === "holds" && viewer.canHolds ? listHolds(query.student ?? undefined) : [],
    viewer.staff && query.section && query.tab === "sections"
      ? sectionRoster(query.section, lang).catch(() => null)
      : null,
  ]);
  const heldIds = [...new Set(holds.map((h) => h.studentId))];
  const held = await getManyRecords<Student>("students", heldIds);
  const holdNames = Object.fromEntries(heldIds.flatMap((id, i) => {
    const s = held[i]?.value;
    return s
      ? [[id, lang === "en" ? `${s.firstNameEn} ${s.lastNameEn}` : `${s.firstNameKa} ${s.lastNameKa}`]]
      : [];
  }));
  return {
    query,
    groups: [...groups].reverse().map((g) => ({ id: g.id, label: g.value.seasonYear })),
    groupId,
    window,
    rows: listing.rows,
    rowsKey: builtRowsKey(listing.rows),
    total: listing.total,
    mine: listing.mine,
    holds,
    holdNames,
    roster,
    staff: viewer.staff,
    dropLate: window !== null && today() > window.dropDeadline,
  };
}
