/**
 * The program restriction tab of the conditions dialog: the programs the course is restricted to (none: open
 * to every program), adding one (…conditions.program.add) and removing one (…program.remove, asks first).
 */
import { useEffect, useState } from "preact/hooks";
import { Button, Select } from "../ui/mod.ts";
import { call } from "../../utils/api_client.ts";
import type { ResponseOf } from "../api.ts";
import { currentLang, t } from "../../utils/i18n.ts";
import { allowed, EmptyRow, SimpleTable } from "./dialog_kit.tsx";
import type { ProgramRestrictionView, RunChange } from "./conditions_view.ts";

const K = "bookDialogs.conditions";

type ProgramOption = ResponseOf<"GET /book_conditions/program-options">["data"][number];

interface Props {
  bookId: number;
  programs: ProgramRestrictionView[];
  can: readonly string[];
  run: RunChange;
  confirm: (message: string, action: () => Promise<unknown>) => void;
  fail: (error: unknown) => void;
}

export function ConditionProgramsPanel({ bookId, programs, can, run, confirm, fail }: Props) {
  const lang = currentLang();
  const mayAdd = allowed(can, "conditions.program.add");
  const mayRemove = allowed(can, "conditions.program.remove");
  const [options, setOptions] = useState<ProgramOption[]>([]);
  const [chosen, setChosen] = useState("");
  const [adding, setAdding] = useState(false);
  useEffect(() => {
    if (!mayAdd) return;
    call("GET /book_conditions/program-options").then((r) => setOptions(r.data)).catch(fail);
  }, [mayAdd]);
  const listed = new Set(programs.map((p) => p.programId));
  const nameOf = (p: { name?: string; nameKa?: string; nameEn: string }) =>
    (lang === "en" && p.nameEn) || p.name || p.nameKa || "";

  const add = async () => {
    setAdding(true);
    try {
      await run(
        call("POST /book_conditions/{bookId}/programs", {
          params: { bookId },
          body: { programId: Number(chosen) },
        }),
      );
      setChosen("");
    } catch (error) {
      fail(error);
    } finally {
      setAdding(false);
    }
  };

  return (
    <div class="flex flex-col gap-3" data-testid="condition-programs">
      <p class="text-xs text-gray-500">{t(`${K}.programHint`)}</p>
      <SimpleTable
        headers={[
          t(`${K}.code`),
          t(`${K}.program`),
          <span key="actions" class="sr-only">{t(`${K}.actions`)}</span>,
        ]}
      >
        {programs.length === 0 && <EmptyRow columns={3} text={t(`${K}.noPrograms`)} />}
        {programs.map((p) => (
          <tr key={p.programId} class="ui-tr">
            <td class="ui-td whitespace-nowrap">{p.code || `#${p.programId}`}</td>
            <td class="ui-td">{nameOf(p)}</td>
            <td class="ui-td text-end">
              {mayRemove && (
                <Button
                  variant="ghost"
                  size="sm"
                  class="text-danger-700"
                  aria-label={`${t(`${K}.removeProgram`)}: ${p.code || nameOf(p)}`}
                  onClick={() =>
                    confirm(
                      t(`${K}.removeProgramConfirm`, { program: nameOf(p) }),
                      () =>
                        run(
                          call("DELETE /book_conditions/{bookId}/programs/{programId}", {
                            params: { bookId, programId: p.programId },
                          }),
                        ),
                    )}
                >
                  {t(`${K}.removeProgram`)}
                </Button>
              )}
            </td>
          </tr>
        ))}
      </SimpleTable>
      {mayAdd && (
        <div class="flex items-end gap-2">
          <Select
            id="condition-program"
            label={t(`${K}.program`)}
            placeholder={t(`${K}.chooseProgram`)}
            class="grow"
            value={chosen}
            options={options.filter((o) => !listed.has(o.id)).map((o) => ({
              value: String(o.id),
              label: `${o.code} · ${nameOf(o)}`,
            }))}
            onChange={(e) => setChosen(e.currentTarget.value)}
          />
          <Button onClick={add} disabled={!chosen} loading={adding} data-testid="condition-program-add">
            {t(`${K}.addProgram`)}
          </Button>
        </div>
      )}
    </div>
  );
}
