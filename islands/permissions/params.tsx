/**
 * The authorization parameters tab: password policy, session length (or unlimited), sign-in throttling, SMS
 * code settings and the chat's rate limits, saved together; the server checks every bound again and names the
 * fields it refuses.
 */
import { useState } from "preact/hooks";
import { HistoryDialog } from "../../components/structure/history_dialog.tsx";
import { Button, NumberInput, showToast, useSave } from "../../components/ui/mod.ts";
import { call } from "../../utils/api_client.ts";
import type { ResponseOf } from "../../components/api.ts";
import { t } from "../../utils/i18n.ts";

export type AuthParamsData = ResponseOf<"GET /auth_params">;

/** `group:name` (not a dot, which would read as a translation key): the field's place in the parameters. */
type NumberField =
  | "password:minLength"
  | "throttle:accountMaxFailures"
  | "throttle:addressMaxFailures"
  | "throttle:windowSeconds"
  | "throttle:baseLockSeconds"
  | "throttle:maxLockSeconds"
  | "sms:validityMinutes"
  | "sms:maxGuesses"
  | "chat:messagesPerMinute"
  | "chat:uploadsPerMinute"
  | "chat:roomsPerMinute"
  | "chat:memberChangesPerMinute";

export function PermissionsParams({ initial }: { initial: AuthParamsData }) {
  const [params, setParams] = useState(initial);
  const [unlimited, setUnlimited] = useState(initial.sessionHours === null);
  const [hours, setHours] = useState(String(initial.sessionHours ?? 8));
  const [history, setHistory] = useState(false);

  const read = (field: NumberField): number => {
    const [group, name] = field.split(":") as [keyof AuthParamsData, string];
    return (params[group] as Record<string, number>)[name];
  };
  const write = (field: NumberField, value: number) => {
    const [group, name] = field.split(":") as [keyof AuthParamsData, string];
    setParams({ ...params, [group]: { ...(params[group] as object), [name]: value } });
  };
  const number = (field: NumberField, min: number) => (
    <NumberInput
      id={`params-${field.replace(":", "-")}`}
      label={t(`permissions.params.fields.${field.replace(":", ".")}`)}
      value={String(read(field))}
      min={min}
      error={fields[field.replace(":", ".")]}
      onInput={(e) => write(field, Number(e.currentTarget.value))}
    />
  );

  const form = useSave({
    id: "params",
    save: () =>
      call("PUT /auth_params", { body: { ...params, sessionHours: unlimited ? null : Number(hours) } }),
    onSaved: (saved) => {
      setParams(saved);
      showToast(t("permissions.saved"), "success");
    },
  });
  const fields = form.fieldErrors;

  return (
    <form id="params-form" class="max-w-3xl space-y-6" onSubmit={form.submit} noValidate>
      <fieldset class="grid gap-4 sm:grid-cols-2">
        <legend class="mb-2 font-semibold">{t("permissions.params.passwordPolicy")}</legend>
        {number("password:minLength", 8)}
        <label class="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            id="params-refuse-common"
            checked={params.password.refuseCommon}
            onChange={(e) =>
              setParams({
                ...params,
                password: { ...params.password, refuseCommon: e.currentTarget.checked },
              })}
          />
          {t("permissions.params.refuseCommon")}
        </label>
      </fieldset>
      <fieldset class="grid gap-4 sm:grid-cols-2">
        <legend class="mb-2 font-semibold">{t("permissions.params.session")}</legend>
        <NumberInput
          id="params-session-hours"
          label={t("permissions.params.sessionHours")}
          value={hours}
          min={1}
          disabled={unlimited}
          error={fields.sessionHours}
          onInput={(e) => setHours(e.currentTarget.value)}
        />
        <label class="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            id="params-unlimited"
            checked={unlimited}
            onChange={(e) => setUnlimited(e.currentTarget.checked)}
          />
          {t("permissions.params.unlimited")}
        </label>
      </fieldset>
      <fieldset class="grid gap-4 sm:grid-cols-2">
        <legend class="mb-2 font-semibold">{t("permissions.params.throttle")}</legend>
        {number("throttle:accountMaxFailures", 1)}
        {number("throttle:addressMaxFailures", 1)}
        {number("throttle:windowSeconds", 1)}
        {number("throttle:baseLockSeconds", 1)}
        {number("throttle:maxLockSeconds", 1)}
      </fieldset>
      <fieldset class="grid gap-4 sm:grid-cols-2">
        <legend class="mb-2 font-semibold">{t("permissions.params.sms")}</legend>
        <p class="text-sm">{t("permissions.params.codeLength", { n: 6 })}</p>
        {number("sms:validityMinutes", 1)}
        {number("sms:maxGuesses", 1)}
      </fieldset>
      <fieldset class="grid gap-4 sm:grid-cols-2">
        <legend class="mb-2 font-semibold">{t("permissions.params.chat")}</legend>
        {number("chat:messagesPerMinute", 1)}
        {number("chat:uploadsPerMinute", 1)}
        {number("chat:roomsPerMinute", 1)}
        {number("chat:memberChangesPerMinute", 1)}
      </fieldset>
      <div class="flex gap-2">
        <Button type="submit" loading={form.saving}>{t("permissions.save")}</Button>
        <Button variant="secondary" onClick={() => setHistory(true)}>{t("structure.actions.history")}</Button>
      </div>
      <HistoryDialog
        id="params-history"
        source={history ? { key: "GET /auth_params/log", input: {} } : null}
        title={t("structure.actions.history")}
        fieldLabels={{
          password: t("permissions.params.passwordPolicy"),
          sessionHours: t("permissions.params.sessionHours"),
          throttle: t("permissions.params.throttle"),
          sms: t("permissions.params.sms"),
          chat: t("permissions.params.chat"),
        }}
        formatValue={(_f, v) => (v === null
          ? t("permissions.params.unlimited")
          : typeof v === "object"
          ? JSON.stringify(v)
          : String(v))}
        onClose={() =>
          setHistory(false)}
      />
      {form.dialogs}
    </form>
  );
}
