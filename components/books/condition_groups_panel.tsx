/**
 * One tab of the conditions dialog: the condition groups of one type (equal conditions or anti-conditions),
 * each with its name, limit and member courses; adding, editing and removing groups and adding and removing
 * courses, each action shown only with its key (…conditions.equalCondition.addGroup and so on).
 */
import { useState } from "preact/hooks";
import { Button, FormDialog, NumberInput, TextInput, useSave } from "../ui/mod.ts";
import { call } from "../../utils/api_client.ts";
import type { InputOf } from "../api.ts";
import { currentLang, t } from "../../utils/i18n.ts";
import { allowed, EmptyRow, LoadState, SimpleTable, useLoaded } from "./dialog_kit.tsx";
import { LogTable } from "./log_table.tsx";
import { CoursePicker } from "./course_picker.tsx";
import {
  type ConditionGroupType,
  type ConditionGroupView,
  permissionGroup,
  type RunChange,
} from "./conditions_view.ts";

const K = "bookDialogs.conditions";

interface PanelProps {
  bookId: number;
  type: ConditionGroupType;
  groups: ConditionGroupView[];
  can: readonly string[];
  run: RunChange;
  confirm: (message: string, action: () => Promise<unknown>) => void;
  fail: (error: unknown) => void;
}

export function ConditionGroupsPanel({ bookId, type, groups, can, run, confirm, fail }: PanelProps) {
  const may = (action: string) => allowed(can, `conditions.${permissionGroup(type)}.${action}`);
  const [editing, setEditing] = useState<ConditionGroupView | "new" | null>(null);
  const [showLog, setShowLog] = useState(false);
  const mine = groups.filter((g) => g.type === type);

  return (
    <div class="flex flex-col gap-4" data-testid={`condition-groups-${type}`}>
      <p class="text-xs text-gray-500">{t(type === "condition" ? `${K}.equalHint` : `${K}.antiHint`)}</p>
      {mine.length === 0 && <p class="py-4 text-center text-sm text-gray-500">{t(`${K}.noGroups`)}</p>}
      {mine.map((group) => (
        <section key={group.id} class="rounded-lg border border-gray-200 p-3" data-testid="condition-group">
          <header class="mb-2 flex flex-wrap items-center justify-between gap-2">
            <h3 class="text-sm font-semibold">
              {group.name}{" "}
              <span class="font-normal text-gray-500">· {t(`${K}.limitShown`, { limit: group.limit })}</span>
            </h3>
            <div class="flex gap-1">
              {may("editGroup") && (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`${t(`${K}.editGroup`)}: ${group.name}`}
                  onClick={() => setEditing(group)}
                >
                  {t(`${K}.editGroup`)}
                </Button>
              )}
              {may("removeGroup") && (
                <Button
                  variant="ghost"
                  size="sm"
                  class="text-danger-700"
                  aria-label={`${t(`${K}.removeGroup`)}: ${group.name}`}
                  onClick={() =>
                    confirm(
                      t(`${K}.removeGroupConfirm`, { name: group.name }),
                      () =>
                        run(
                          call("DELETE /book_conditions/{bookId}/groups/{groupId}", {
                            params: { bookId, groupId: group.id },
                          }),
                        ),
                    )}
                >
                  {t(`${K}.removeGroup`)}
                </Button>
              )}
            </div>
          </header>
          <SimpleTable
            headers={[
              t(`${K}.code`),
              t(`${K}.course`),
              <span key="actions" class="sr-only">{t(`${K}.actions`)}</span>,
            ]}
          >
            {group.conditions.length === 0 && <EmptyRow columns={3} text={t(`${K}.noCourses`)} />}
            {group.conditions.map((m) => (
              <tr key={m.bookId} class="ui-tr">
                <td class="ui-td whitespace-nowrap">{m.code || `#${m.bookId}`}</td>
                <td class="ui-td">{(currentLang() === "en" && m.nameEng) || m.name}</td>
                <td class="ui-td text-end">
                  {may("removeBook") && (
                    <Button
                      variant="ghost"
                      size="sm"
                      class="text-danger-700"
                      aria-label={`${t(`${K}.removeCourse`)}: ${m.code || m.name}`}
                      onClick={() =>
                        confirm(
                          t(`${K}.removeCourseConfirm`, { course: m.code || m.name, group: group.name }),
                          () =>
                            run(
                              call("DELETE /book_conditions/{bookId}/groups/{groupId}/members/{memberId}", {
                                params: { bookId, groupId: group.id, memberId: m.bookId },
                              }),
                            ),
                        )}
                    >
                      {t(`${K}.removeCourse`)}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </SimpleTable>
          {may("addBook") && (
            <CoursePicker
              id={`condition-${group.id}-course`}
              exclude={[
                bookId,
                ...group.conditions.map((m) => m.bookId),
              ]}
              onPick={(memberId) =>
                run(
                  call("POST /book_conditions/{bookId}/groups/{groupId}/members/{memberId}", {
                    params: { bookId, groupId: group.id, memberId },
                  }),
                ).catch(fail)}
              fail={fail}
            />
          )}
        </section>
      ))}
      <div class="flex gap-2">
        {may("addGroup") && (
          <Button onClick={() => setEditing("new")} data-testid={`condition-group-add-${type}`}>
            {t(`${K}.addGroup`)}
          </Button>
        )}
        {may("logs") && (
          <Button
            variant="secondary"
            onClick={() => setShowLog(!showLog)}
            aria-expanded={showLog ? "true" : "false"}
          >
            {t(`${K}.log`)}
          </Button>
        )}
      </div>
      {showLog && <GroupLog bookId={bookId} type={type} />}
      {editing !== null && (
        <GroupForm
          group={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
          save={(body) =>
            run(
              editing === "new"
                ? call("POST /book_conditions/{bookId}/groups", {
                  params: { bookId },
                  body: { type, ...body },
                })
                : call("PUT /book_conditions/{bookId}/groups/{groupId}", {
                  params: { bookId, groupId: editing.id },
                  body,
                }),
            )}
          onSaved={() => setEditing(null)}
        />
      )}
    </div>
  );
}

function GroupLog({ bookId, type }: { bookId: number; type: ConditionGroupType }) {
  const log = useLoaded("GET /book_conditions/{bookId}/log", { params: { bookId }, query: { type } });
  return <LoadState loaded={log}>{({ data }) => <LogTable entries={data} />}</LoadState>;
}

interface GroupFormProps {
  group: ConditionGroupView | null;
  onClose: () => void;
  save: (body: InputOf<"PUT /book_conditions/{bookId}/groups/{groupId}">["body"]) => Promise<void>;
  onSaved: () => void;
}

function GroupForm({ group, onClose, save, onSaved }: GroupFormProps) {
  const [name, setName] = useState(group?.name ?? "");
  const [limit, setLimit] = useState(group ? String(group.limit) : "1");
  const form = useSave({
    id: "condition-group-form",
    fields: ["name", "limit"],
    save: () => save({ name, limit }),
    onSaved,
  });
  const errors = form.fieldErrors;
  return (
    <FormDialog
      id="condition-group-form"
      open
      width={500}
      title={t(group ? `${K}.editGroupTitle` : `${K}.addGroupTitle`)}
      form={form}
      saveLabel={t(`${K}.save`)}
      onClose={onClose}
      formClass="flex flex-col gap-3"
    >
      <TextInput
        id="condition-group-name"
        label={t(`${K}.groupName`)}
        required
        value={name}
        error={errors.name}
        onInput={(e) => setName(e.currentTarget.value)}
      />
      <NumberInput
        id="condition-group-limit"
        label={t(`${K}.limit`)}
        hint={t(`${K}.limitHint`)}
        value={limit}
        min={0}
        step="1"
        error={errors.limit}
        onInput={(e) => setLimit(e.currentTarget.value)}
      />
    </FormDialog>
  );
}
