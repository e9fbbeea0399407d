/**
 * The sections of a semester as a table. For a student each row carries seats left, the eligibility per rule
 * (in a disclosure; a course without conditions just says the student may take it), a clash warning, every
 * check that would refuse them, and the register / waitlist / drop button; for the registrar the seats and a
 * link to the roster. The buttons are answered by islands/registration/actions.tsx (data-reg attributes).
 */
import type { OfferingRow } from "../../services/registration/offerings.ts";
import { buttonClass } from "../ui/button.tsx";
import { KeptRow } from "../ui/kept_row.tsx";
import type { Translate } from "../../utils/i18n.ts";

export const money = (tetri: number | null) => tetri === null ? "—" : `${(tetri / 100).toFixed(2)} ₾`;

export function LessonList({ row, t }: { row: Pick<OfferingRow, "lessons">; t: Translate }) {
  return (
    // The list's `*:` class keeps each lesson on one line: written once, not on every lesson of every row.
    <ul class="space-y-0.5 *:whitespace-nowrap">
      {row.lessons.map((l, i) => (
        <li key={i}>
          {t(`registration.weekdays.${l.weekday}`)} {l.time} · {l.room}
        </li>
      ))}
    </ul>
  );
}

function SeatCell({ row, t }: { row: OfferingRow; t: Translate }) {
  return (
    <div class="whitespace-nowrap">
      {row.seatsLeft > 0
        ? <span class="text-success-700">{t("registration.seatsLeft", { count: row.seatsLeft })}</span>
        : <span class="text-danger-700 font-medium">{t("registration.full")}</span>}
      <div class="text-xs text-gray-500">
        {row.enrolled}/{row.capacity}
        {row.waitlisted > 0 ? ` (+${row.waitlisted})` : ""}
      </div>
    </div>
  );
}

function StudentAction({ row, t }: { row: OfferingRow; t: Translate }) {
  if (row.mine) {
    return (
      <div class="space-y-1">
        <span class="block font-medium" data-status={row.mine.status}>
          {row.mine.status === "enrolled"
            ? t("registration.enrolled")
            : t("registration.waitlisted", { position: row.mine.position ?? 0 })}
        </span>
        <button
          type="button"
          class={buttonClass("secondary", "sm")}
          data-reg="drop"
          data-registration={row.mine.id}
          data-course={row.course.name}
        >
          {t("registration.drop")}
        </button>
      </div>
    );
  }
  return (
    <button
      type="button"
      class={buttonClass(row.refusals?.length ? "secondary" : "primary", "sm")}
      data-reg="register"
      data-section={row.id}
      data-course={row.course.name}
    >
      {row.seatsLeft > 0 ? t("registration.register") : t("registration.joinWaitlist")}
    </button>
  );
}

/** A section's columns beyond the five every table shows (course, professor, lessons, seats, price). */
interface ExtraColumns {
  heads: string[];
  cells(row: OfferingRow): preact.JSX.Element;
  /** Names what the cells show beyond the row itself (a link's address, say): rows are kept by both. */
  key(row: OfferingRow): string;
}

function SectionsTable(
  { rows, t, extra, showClosed }: {
    rows: OfferingRow[];
    t: Translate;
    extra: ExtraColumns;
    showClosed: boolean;
  },
) {
  const heads = [
    t("registration.course"),
    t("registration.professor"),
    t("registration.lessons"),
    t("registration.seats"),
    t("registration.price"),
  ];
  return (
    <table class="w-full text-sm" id="registration-sections">
      <thead class="text-xs uppercase text-gray-500">
        <tr>
          {[...heads, ...extra.heads].map((head, i) => <th key={i} class="p-2 text-start">{head}</th>)}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <KeptRow
            key={row.id}
            shown={`registration-row\u0000${showClosed}\u0000${extra.key(row)}`}
            row={row}
            render={() => (
              <tr class="border-t border-gray-200 align-top" data-section-row={row.id}>
                <td class="p-2">
                  <div class="font-medium">{row.course.name}</div>
                  <div class="text-xs text-gray-500">
                    {row.course.code} · {row.course.credits} ECTS
                    {showClosed && row.closed ? ` · ${t("registration.closedSection")}` : ""}
                  </div>
                </td>
                <td class="p-2">{row.professor}</td>
                <td class="p-2">
                  <LessonList row={row} t={t} />
                </td>
                <td class="p-2">
                  <SeatCell row={row} t={t} />
                </td>
                <td class="p-2 whitespace-nowrap">{money(row.price)}</td>
                {extra.cells(row)}
              </tr>
            )}
          />
        ))}
      </tbody>
    </table>
  );
}

function StudentStatus({ row, t }: { row: OfferingRow; t: Translate }) {
  return (
    <>
      {row.eligibility && row.eligibility.rules.length === 0 && (
        <span class="text-success-700">{t("registration.eligible")}</span>
      )}
      {row.eligibility && row.eligibility.rules.length > 0 && (
        <details>
          <summary class={row.eligibility.eligible ? "text-success-700" : "text-danger-700"}>
            {row.eligibility.eligible ? t("registration.eligible") : t("registration.notEligible")}
          </summary>
          <ul class="mt-1 list-disc ps-5 text-xs">
            {row.eligibility.rules.map((r, i) => (
              <li key={i} data-rule={r.status}>
                <span class="font-medium">{r.title}</span>: {r.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
      {row.clash && row.clash.length > 0 && (
        <div class="text-warning-700 text-xs" data-clash>
          {t("registration.clash", { names: row.clash.join(", ") })}
        </div>
      )}
      {!row.mine && row.refusals && row.refusals.length > 0 && (
        <ul class="mt-1 text-xs text-danger-700" data-refusals>
          {row.refusals.map((r) => <li key={r.check}>{t(r.key, r.params)}</li>)}
        </ul>
      )}
    </>
  );
}

export function StudentSectionsTable({ rows, t }: { rows: OfferingRow[]; t: Translate }) {
  const extra = {
    heads: [t("registration.status"), ""],
    key: () => "student",
    cells: (row: OfferingRow) => (
      <>
        <td class="p-2">
          <StudentStatus row={row} t={t} />
        </td>
        <td class="p-2">
          <StudentAction row={row} t={t} />
        </td>
      </>
    ),
  };
  return <SectionsTable rows={rows} t={t} extra={extra} showClosed={false} />;
}

export function StaffSectionsTable(
  { rows, t, href }: { rows: OfferingRow[]; t: Translate; href: (section: string) => string },
) {
  const extra = {
    heads: [""],
    key: (row: OfferingRow) => `staff\u0000${href(row.id)}`,
    cells: (row: OfferingRow) => (
      <td class="p-2">
        <a class={buttonClass("secondary", "sm")} href={href(row.id)}>
          {t("registration.roster.show")}
        </a>
      </td>
    ),
  };
  return <SectionsTable rows={rows} t={t} extra={extra} showClosed />;
}
