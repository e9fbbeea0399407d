/**
 * The timetable page's two islands (SPEC §2.7), in one module so they load as one file.
 *
 * The month-and-year label opens a date picker, and choosing a date shows that date's week. The choice is a
 * plain GET form (`week` = the date, the server takes it to its Monday), so the page stays server-rendered;
 * the island only opens the picker and submits on change.
 *
 * "Export group" is the shared download control, so staff see the spreadsheet being made and get the server's
 * message if it fails. Without JavaScript it is a plain download link.
 */
import { useRef, useState } from "preact/hooks";
import { DownloadButton } from "../../components/ui/download_button.tsx";
import { t } from "../../utils/i18n.ts";

export interface TimetableDatePickerProps {
  label: string;
  /** The week's Monday, YYYY-MM-DD. */
  week: string;
  /** Text of the picker's field and of its submit button. */
  fieldLabel: string;
  goLabel: string;
  /** Query fields kept (semester, whose timetable). */
  keep: Record<string, string>;
}

export function TimetableDatePicker({ label, week, fieldLabel, goLabel, keep }: TimetableDatePickerProps) {
  const [open, setOpen] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  return (
    <div class="relative">
      <button
        type="button"
        class="rounded-md px-3 py-1.5 text-lg font-semibold hover:bg-gray-100"
        aria-expanded={open ? "true" : "false"}
        aria-controls="tables-date-picker"
        data-testid="tables-month"
        onClick={() => setOpen(!open)}
      >
        {label}
      </button>
      {open && (
        <form
          ref={form}
          id="tables-date-picker"
          method="get"
          action="/tables"
          class="absolute z-10 mt-1 flex items-end gap-2 rounded-md border border-gray-200 bg-white p-3 shadow-lg"
        >
          {Object.entries(keep).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <label class="text-sm">
            <span class="mb-1 block text-gray-600">{fieldLabel}</span>
            <input
              type="date"
              name="week"
              defaultValue={week}
              required
              class="rounded-md border border-gray-300 px-2 py-1"
              data-testid="tables-date-input"
              // The person just asked for the picker: focus goes to it.
              autoFocus
              // Typing a year digit by digit passes through years like 0002: only a plausible date navigates.
              onChange={(e) => (e.currentTarget.value >= "1900" ? form.current?.requestSubmit() : undefined)}
            />
          </label>
          <button type="submit" class="rounded-md bg-primary-600 px-3 py-1.5 text-sm text-white">
            {goLabel}
          </button>
        </form>
      )}
    </div>
  );
}

export function TablesExport({ href, hint, class: look }: { href: string; hint: string; class: string }) {
  return (
    <DownloadButton
      href={href}
      label={t("timetable.export.button")}
      title={hint}
      progressLabel={t("timetable.export.progress")}
      fallbackName="timetable.xlsx"
      testId="tables-export"
      class={look}
    />
  );
}
