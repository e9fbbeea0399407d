/** The semester's clashes, shown to staff above the grid: both lessons named, and what they share. */
import type { ClashLine } from "../../services/timetable/page.ts";
import type { Translate } from "../../utils/i18n.ts";

export function ClashList({ clashes, t }: { clashes: ClashLine[]; t: Translate }) {
  if (!clashes.length) return null;
  return (
    <section
      class="mb-4 rounded-lg border border-danger-600 bg-danger-50 p-3 text-sm"
      aria-labelledby="clashes-title"
      data-testid="timetable-clashes"
    >
      <h2 id="clashes-title" class="mb-2 font-semibold text-danger-800">
        {t("timetable.clashes.title", { count: clashes.length })}
      </h2>
      <ul class="list-disc space-y-1 pl-5">
        {clashes.map((c, i) => (
          <li key={i}>
            {t(`timetable.clashes.${c.kind}`, { name: c.shared })}: {c.a} ↔ {c.b}
          </li>
        ))}
      </ul>
    </section>
  );
}
