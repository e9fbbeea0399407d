/**
 * For holders of menu.table.all: whose timetable to show — a professor found by a text search (GET form, the
 * matches are links), a room or a program (GET forms with a select). Plain forms: they work without JavaScript.
 */
import { Button, Select, type SelectOption, TextInput } from "../ui/mod.ts";
import type { Translate } from "../../utils/i18n.ts";
import { CachedFragment } from "../../framework/islands.ts";
import { identityTag } from "../../utils/identity_tag.ts";

export interface ScopePickerProps {
  t: Translate;
  /** Hidden fields every form keeps (the semester and the week). */
  keep: Record<string, string>;
  text: string;
  matches: { id: number; name: string; href: string }[];
  auditoriums: SelectOption[];
  programs: SelectOption[];
  auditoriumId: string;
  programId: string;
}

const Hidden = ({ keep }: { keep: Record<string, string> }) => (
  <>
    {Object.entries(keep).map(([name, value]) => (
      <input
        key={name}
        type="hidden"
        name={name}
        value={value}
      />
    ))}
  </>
);

export function ScopePicker(props: ScopePickerProps) {
  const { t } = props;
  return (
    <div class="mb-4 grid gap-3 rounded-lg border border-gray-200 bg-white p-3 md:grid-cols-3">
      <form method="get" action="/tables" role="search" class="space-y-2">
        <Hidden keep={props.keep} />
        <div class="flex items-end gap-2">
          <TextInput
            id="tables-professor-search"
            name="q"
            type="search"
            label={t("timetable.pick.professor")}
            defaultValue={props.text}
            maxLength={100}
            class="flex-1"
          />
          <Button type="submit" variant="secondary">{t("timetable.pick.search")}</Button>
        </div>
        {props.text && (
          props.matches.length
            ? (
              <ul class="max-h-40 overflow-y-auto text-sm" data-testid="professor-matches">
                {props.matches.map((m) => (
                  <li key={m.id}>
                    <a href={m.href} class="text-primary-700 hover:underline">{m.name}</a>
                  </li>
                ))}
              </ul>
            )
            : <p class="text-sm text-gray-500">{t("timetable.pick.noMatches")}</p>
        )}
      </form>
      <form method="get" action="/tables" class="flex items-end gap-2">
        <Hidden keep={props.keep} />
        <CachedFragment
          cacheKey={`tables-auditorium:${identityTag(props.auditoriums)}:${props.auditoriumId}`}
          render={() => (
            <Select
              id="tables-auditorium"
              name="auditorium"
              label={t("timetable.pick.auditorium")}
              options={props.auditoriums}
              defaultValue={props.auditoriumId}
              placeholder="—"
              class="flex-1"
            />
          )}
        />
        <Button type="submit" variant="secondary">{t("timetable.pick.show")}</Button>
      </form>
      <form method="get" action="/tables" class="flex items-end gap-2">
        <Hidden keep={props.keep} />
        <CachedFragment
          cacheKey={`tables-program:${identityTag(props.programs)}:${props.programId}`}
          render={() => (
            <Select
              id="tables-program"
              name="program"
              label={t("timetable.pick.program")}
              options={props.programs}
              defaultValue={props.programId}
              placeholder="—"
              class="flex-1"
            />
          )}
        />
        <Button type="submit" variant="secondary">{t("timetable.pick.show")}</Button>
      </form>
    </div>
  );
}
