/**
 * The registrar's panels of /registration: a section's roster and waitlist (export, enrol on a student's behalf
 * with an optional override and its reason, drop, capacity and closing), the holds, and the semester's window.
 * Forms and buttons are answered by islands/registration/actions.tsx (data-reg and data-reg-form attributes).
 */
import type { Hold, RegistrationWindow } from "../../services/registration/model.ts";
import type { Roster } from "../../services/registration/roster.ts";
import { formatDisplayDate } from "../ui/date_format.ts";
import { buttonClass } from "../ui/button.tsx";
import type { Translate } from "../../utils/i18n.ts";

const INPUT = "rounded border border-gray-300 px-2 py-1 text-sm";
const R = "registration.roster";

export function RosterPanel(
  { roster, t, canExport, dropLate }: { roster: Roster; t: Translate; canExport: boolean; dropLate: boolean },
) {
  const list = (rows: Roster["enrolled"], waiting: boolean) => (
    <table class="w-full text-sm" data-roster={waiting ? "waitlist" : "enrolled"}>
      <tbody>
        {rows.map((s) => (
          <tr key={s.studentId} class="border-t border-gray-200">
            <td class="p-1">{waiting ? `№${s.position}` : ""}</td>
            <td class="p-1">{s.studentId}</td>
            <td class="p-1">{s.name}</td>
            <td class="p-1">{s.program}</td>
            <td class="p-1 text-end">
              <button
                type="button"
                class={buttonClass("ghost", "sm")}
                data-reg="drop"
                data-registration={s.registrationId}
                data-course={roster.course}
                data-late={dropLate ? "1" : undefined}
              >
                {t("registration.drop")}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <section class="space-y-3 rounded border border-gray-200 p-3" id="registration-roster">
      <div class="flex flex-wrap items-center justify-between gap-2">
        <h2 class="text-lg font-semibold">
          {t(`${R}.title`)}: {roster.course} ({roster.enrolled.length}/{roster.capacity})
        </h2>
        {canExport && (
          <a
            class={buttonClass("secondary", "sm")}
            href={`/api/registration_rosters/${roster.sectionId}/export`}
            download
          >
            {t(`${R}.export`)}
          </a>
        )}
      </div>
      {roster.enrolled.length
        ? list(roster.enrolled, false)
        : <p class="text-sm text-gray-500">{t(`${R}.empty`)}</p>}
      <h3 class="font-semibold">{t(`${R}.waitlist`)} ({roster.waitlist.length})</h3>
      {roster.waitlist.length
        ? list(roster.waitlist, true)
        : <p class="text-sm text-gray-500">{t(`${R}.empty`)}</p>}
      <form data-reg-form="enrol" data-section={roster.sectionId} class="flex flex-wrap items-end gap-2">
        <label class="flex flex-col text-xs">
          {t(`${R}.studentIdLabel`)}
          <input name="studentId" type="number" min="1" required class={INPUT} />
        </label>
        <label class="flex items-center gap-1 text-xs">
          <input name="override" type="checkbox" /> {t(`${R}.override`)}
        </label>
        <label class="flex flex-col text-xs">
          {t(`${R}.reason`)}
          <input name="reason" maxLength={500} class={INPUT} />
        </label>
        <button type="submit" class={buttonClass("primary", "sm")}>{t(`${R}.enrol`)}</button>
      </form>
      <form data-reg-form="offering" data-section={roster.sectionId} class="flex flex-wrap items-end gap-2">
        <label class="flex flex-col text-xs">
          {t(`${R}.capacity`)}
          <input name="capacity" type="number" min="0" max="2000" value={roster.capacity} class={INPUT} />
        </label>
        <label class="flex items-center gap-1 text-xs">
          <input name="closed" type="checkbox" /> {t(`${R}.close`)}
        </label>
        <button type="submit" class={buttonClass("secondary", "sm")}>{t(`${R}.save`)}</button>
      </form>
    </section>
  );
}

export function HoldsPanel(
  { holds, names, student, t }: {
    holds: Hold[];
    names: Record<number, string>;
    student: number | null;
    t: Translate;
  },
) {
  const H = "registration.holds";
  return (
    <section class="space-y-3">
      <form method="get" action="/registration" role="search" class="flex flex-wrap items-end gap-2">
        <input type="hidden" name="tab" value="holds" />
        <label class="flex flex-col text-xs">
          {t(`${H}.filter`)}
          <input
            id="registration-hold-filter"
            name="student"
            type="number"
            min="1"
            value={student ?? ""}
            class={INPUT}
          />
        </label>
        <button type="submit" class={buttonClass("secondary", "sm")}>{t(`${H}.filterShow`)}</button>
        {student !== null && (
          <a href="/registration?tab=holds" class={buttonClass("ghost", "sm")}>{t(`${H}.filterAll`)}</a>
        )}
      </form>
      <form data-reg-form="hold" class="flex flex-wrap items-end gap-2">
        <label class="flex flex-col text-xs">
          {t(`${H}.studentId`)}
          <input name="studentId" type="number" min="1" required class={INPUT} />
        </label>
        <label class="flex flex-col text-xs">
          {t(`${H}.kind`)}
          <select name="kind" class={INPUT}>
            {(["finance", "academic", "administrative"] as const).map((k) => (
              <option key={k} value={k}>{t(`${H}.kinds.${k}`)}</option>
            ))}
          </select>
        </label>
        <label class="flex flex-col text-xs">
          {t(`${H}.reason`)}
          <input name="reason" required maxLength={500} class={INPUT} />
        </label>
        <button type="submit" class={buttonClass("primary", "sm")}>{t(`${H}.add`)}</button>
      </form>
      {holds.length === 0
        ? <p class="text-sm text-gray-500">{t(`${H}.empty`)}</p>
        : (
          <table class="w-full text-sm" id="registration-hold-list">
            <tbody>
              {holds.map((h) => (
                <tr key={h.id} class="border-t border-gray-200">
                  <td class="p-1">{h.studentId}</td>
                  <td class="p-1">{names[h.studentId] ?? ""}</td>
                  <td class="p-1">{t(`${H}.kinds.${h.kind}`)}</td>
                  <td class="p-1">{h.reason}</td>
                  <td class="p-1">{formatDisplayDate(h.at)}</td>
                  <td class="p-1 text-end">
                    <button
                      type="button"
                      class={buttonClass("ghost", "sm")}
                      data-reg="hold-remove"
                      data-student={h.studentId}
                      data-hold={h.id}
                    >
                      {t(`${H}.remove`)}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
    </section>
  );
}

export function WindowForm(
  { groupId, window, t }: { groupId: number; window: RegistrationWindow | null; t: Translate },
) {
  const S = "registration.settings";
  const date = (name: "opens" | "closes" | "dropDeadline") => (
    <label class="flex flex-col text-xs">
      {t(`${S}.${name}`)}
      <input name={name} type="date" required value={window?.[name] ?? ""} class={INPUT} />
    </label>
  );
  return (
    <form data-reg-form="window" data-group={groupId} class="grid max-w-xl gap-3">
      {date("opens")}
      {date("closes")}
      {date("dropDeadline")}
      <label class="flex flex-col text-xs">
        {t(`${S}.creditLimit`)}
        <input
          name="creditLimit"
          type="number"
          min="1"
          max="120"
          required
          value={window?.creditLimit ?? 30}
          class={INPUT}
        />
      </label>
      <label class="flex flex-col text-xs">
        {t(`${S}.programIds`)}
        <input name="programIds" value={window?.programIds.join(", ") ?? ""} class={INPUT} />
      </label>
      <label class="flex flex-col text-xs">
        {t(`${S}.admissionYears`)}
        <input name="admissionYears" value={window?.admissionYears.join(", ") ?? ""} class={INPUT} />
      </label>
      <div>
        <button type="submit" class={buttonClass("primary", "sm")}>{t(`${S}.save`)}</button>
      </div>
    </form>
  );
}
