/**
 * The users and professors tabs: the page's list made interactive — create (the generated password is shown
 * once, in a dialog), edit names, guard, roles and HR link, disable / enable and password reset after a
 * confirmation, and each account's history. Every refusal is shown in the error dialog with the server's words.
 */
import { useState } from "preact/hooks";
import { HistoryDialog } from "../../components/structure/history_dialog.tsx";
import { reloadPage } from "../../components/ui/navigation.ts";
import {
  Button,
  ConfirmDialog,
  DataTable,
  type DataTableColumn,
  Dialog,
  ErrorDialog,
  FormDialog,
  MultiSelect,
  Select,
  showToast,
  TextInput,
  useSave,
} from "../../components/ui/mod.ts";
import { ApiError, call } from "../../utils/api_client.ts";
import type { InputOf } from "../../components/api.ts";
import { formatDisplayDateTime } from "../../utils/date_format.ts";
import { type Lang, t } from "../../utils/i18n.ts";

export interface AccountRow {
  id: number;
  guard: "user" | "prof" | "custom";
  student: boolean;
  email: string;
  name: string;
  nameEn: string;
  hrUserId: number | null;
  roleIds: number[];
  disabled: boolean;
  lastSignInAt: string | null;
  versionstamp: string;
}

export interface PermissionsAccountsProps {
  kind: "staff" | "prof";
  rows: AccountRow[];
  roles: { id: number; name: string }[];
  /** Professors tab: the academic HR records to link to. */
  hrChoices: { id: number; name: string }[];
  lang: Lang;
}

type Pending = { row: AccountRow; action: "disable" | "enable" | "reset" };

export function PermissionsAccounts({ kind, rows, roles, hrChoices, lang }: PermissionsAccountsProps) {
  const base = kind === "prof" ? "/professors" as const : "/users" as const;
  const [editing, setEditing] = useState<AccountRow | "new" | null>(null);
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [password, setPassword] = useState<{ email: string; value: string } | null>(null);
  const [history, setHistory] = useState<AccountRow | null>(null);
  const [error, setError] = useState<string | null>(null);
  const roleName = new Map(roles.map((r) => [r.id, r.name]));

  async function confirm() {
    if (!pending) return;
    const { row, action } = pending;
    const params = { id: row.id };
    setBusy(true);
    try {
      if (action === "disable") {
        await call(`DELETE ${base}/{id}` as const, { params, query: { versionstamp: row.versionstamp } });
      } else if (action === "enable") {
        await call(`POST ${base}/{id}/restore` as const, {
          params,
          body: { versionstamp: row.versionstamp },
        });
      } else {
        const reset = await call(`POST ${base}/{id}/password` as const, { params });
        setPassword({ email: row.email, value: reset.password });
      }
      if (action !== "reset") {
        showToast(t("permissions.saved"), "success");
        reloadPage();
      }
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t("errors.unexpected"));
    } finally {
      setPending(null);
      setBusy(false);
    }
  }

  const columns: DataTableColumn<AccountRow>[] = [
    { key: "id", header: "ID", class: "w-16 tabular-nums" },
    { key: "email", header: t("permissions.fields.email") },
    { key: "name", header: t("permissions.fields.name"), render: (r) => (lang === "en" ? r.nameEn : r.name) },
    {
      key: "roles",
      header: t("permissions.fields.roles"),
      render: (r) => r.roleIds.map((id) => roleName.get(id) ?? `#${id}`).join(", ") || "—",
    },
    {
      key: "status",
      header: t("permissions.fields.status"),
      render: (r) => (r.disabled ? t("permissions.users.disabled") : t("permissions.users.active")),
    },
    {
      key: "lastSignInAt",
      header: t("permissions.fields.lastSignIn"),
      class: "whitespace-nowrap",
      render: (r) => (r.lastSignInAt ? formatDisplayDateTime(new Date(r.lastSignInAt)) : "—"),
    },
    {
      key: "actions",
      header: <span class="sr-only">{t("permissions.fields.actions")}</span>,
      class: "text-end",
      // The actions wrap rather than push the last of them off the screen.
      render: (r) => (
        <div class="flex flex-wrap justify-end gap-1">
          <Button
            size="sm"
            variant="ghost"
            aria-label={`${t("structure.actions.history")}: ${r.email}`}
            onClick={() => setHistory(r)}
          >
            {t("structure.actions.history")}
          </Button>
          {r.id !== 1 && (
            <>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`${t("structure.actions.edit")}: ${r.email}`}
                onClick={() => setEditing(r)}
              >
                {t("structure.actions.edit")}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setPending({ row: r, action: "reset" })}>
                {t("permissions.users.resetPassword")}
              </Button>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setPending({ row: r, action: r.disabled ? "enable" : "disable" })}
              >
                {r.disabled ? t("permissions.users.enable") : t("permissions.users.disable")}
              </Button>
            </>
          )}
        </div>
      ),
    },
  ];

  return (
    <div class="space-y-3">
      <div class="flex justify-end">
        <Button
          id="account-add"
          onClick={() => setEditing("new")}
        >
          {kind === "prof" ? t("permissions.professors.add") : t("permissions.users.add")}
        </Button>
      </div>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        emptyText={t("permissions.users.empty")}
        caption={kind === "prof" ? t("permissions.tabs.professors") : t("permissions.tabs.users")}
      />
      {editing !== null && (
        <AccountForm
          kind={kind}
          record={editing === "new" ? null : editing}
          roles={roles}
          hrChoices={hrChoices}
          base={base}
          onCreated={(created) => {
            setEditing(null);
            setPassword({ email: created.account.email, value: created.password });
          }}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        id="account-confirm"
        open={pending !== null}
        title={pending ? t(`permissions.users.confirm.${pending.action}Title`) : ""}
        message={pending
          ? t(`permissions.users.confirm.${pending.action}`, { email: pending.row.email })
          : ""}
        yesLabel={t("common.yes")}
        noLabel={t("common.no")}
        danger={pending?.action === "disable"}
        busy={busy}
        onYes={confirm}
        onNo={() => !busy && setPending(null)}
      />
      <Dialog
        id="account-password"
        open={password !== null}
        width={500}
        title={t("permissions.users.passwordTitle")}
        onClose={() => {
          setPassword(null);
          reloadPage();
        }}
        footer={
          <Button
            onClick={() => {
              setPassword(null);
              reloadPage();
            }}
          >
            {t("common.ok")}
          </Button>
        }
      >
        <p class="text-sm">{t("permissions.users.passwordOnce", { email: password?.email ?? "" })}</p>
        <p
          class="mt-3 rounded bg-gray-100 p-3 text-center font-mono text-xl tracking-widest"
          data-testid="one-time-password"
        >
          {password?.value}
        </p>
      </Dialog>
      <HistoryDialog
        id="account-history"
        source={history && { key: `GET ${base}/{id}/log`, input: { params: { id: history.id } } }}
        title={`${t("structure.actions.history")}: ${history?.email ?? ""}`}
        fieldLabels={{
          email: t("permissions.fields.email"),
          name: t("permissions.fields.nameKa"),
          nameEn: t("permissions.fields.nameEn"),
          guard: t("permissions.fields.guard"),
          roleIds: t("permissions.fields.roles"),
          hrUserId: t("permissions.fields.hr"),
          disabled: t("permissions.fields.status"),
          passwordReset: t("permissions.users.resetPassword"),
        }}
        formatValue={(field, value) =>
          field === "roleIds" && Array.isArray(value)
            ? value.map((id) => roleName.get(id) ?? `#${id}`).join(", ") || "—"
            : field === "disabled"
            ? (value ? t("permissions.users.disabled") : t("permissions.users.active"))
            : field === "passwordReset"
            ? (value ? "✓" : "—")
            : value === null || value === undefined || value === ""
            ? "—"
            : String(value)}
        onClose={() => setHistory(null)}
      />
      <ErrorDialog
        id="account-error"
        message={error}
        title={t("common.errorTitle")}
        okLabel={t("common.ok")}
        onClose={() => setError(null)}
      />
    </div>
  );
}

interface AccountFormProps {
  kind: "staff" | "prof";
  record: AccountRow | null;
  roles: { id: number; name: string }[];
  hrChoices: { id: number; name: string }[];
  base: "/professors" | "/users";
  onCreated: (created: { account: { email: string }; password: string }) => void;
  onClose: () => void;
}

type AccountBody = InputOf<"POST /users">["body"];

function AccountForm({ kind, record, roles, hrChoices, base, onCreated, onClose }: AccountFormProps) {
  const [values, setValues] = useState({
    email: record?.email ?? "",
    name: record?.name ?? "",
    nameEn: record?.nameEn ?? "",
    guard: record?.guard ?? (kind === "prof" ? "prof" : "custom"),
    hrUserId: record?.hrUserId == null ? "" : String(record.hrUserId),
  });
  const [roleIds, setRoleIds] = useState<string[]>((record?.roleIds ?? []).map(String));
  const [versionstamp, setVersionstamp] = useState(record?.versionstamp ?? "");
  const body = (): AccountBody => ({
    email: values.email,
    name: values.name,
    nameEn: values.nameEn,
    guard: values.guard,
    roleIds: roleIds.map(Number),
    hrUserId: values.hrUserId === "" ? null : Number(values.hrUserId),
  });
  const form = useSave({
    id: "account-form",
    fields: [...Object.keys(values), "roleIds"],
    save: async () => {
      if (!record) return onCreated(await call(`POST ${base}` as const, { body: body() }));
      const { email: _email, ...changes } = body();
      await call(`PUT ${base}/{id}` as const, {
        params: { id: record.id },
        body: { ...changes, versionstamp },
      });
      showToast(t("permissions.saved"), "success");
      reloadPage();
    },
    // Someone changed the account meanwhile: its latest version, with what the person typed kept.
    reload: record
      ? async () => {
        const { data } = await call(`GET ${base}` as const, { query: { text: record.email, limit: 1000 } });
        const latest = data.find((row) => row.id === record.id);
        if (latest) setVersionstamp(latest.versionstamp);
      }
      : undefined,
  });
  const errors = form.fieldErrors;
  const bind = (field: keyof typeof values, label: string) => ({
    id: `account-${field}`,
    label,
    error: errors[field],
    value: values[field],
    onInput: (e: Event) => setValues({ ...values, [field]: (e.currentTarget as HTMLInputElement).value }),
  });
  const guards = kind === "prof" ? ["prof"] : ["custom", "user"];
  return (
    <FormDialog
      id="account-form"
      open
      width={600}
      title={record ? t("permissions.users.editTitle") : t("permissions.users.addTitle")}
      form={form}
      saveLabel={t("permissions.save")}
      onClose={onClose}
      formClass="grid gap-4"
    >
      {!record && (
        <TextInput
          {...bind("email", t("permissions.fields.email"))}
          type="email"
          required
          maxLength={254}
        />
      )}
      <TextInput {...bind("name", t("permissions.fields.nameKa"))} required maxLength={100} lang="ka" />
      <TextInput {...bind("nameEn", t("permissions.fields.nameEn"))} required maxLength={100} lang="en" />
      <Select
        {...bind("guard", t("permissions.fields.guard"))}
        onChange={(e) => setValues({ ...values, guard: e.currentTarget.value as AccountRow["guard"] })}
        options={guards.map((g) => ({ value: g, label: t(`permissions.guards.${g}`) }))}
      />
      {kind === "prof" && (
        <Select
          {...bind("hrUserId", t("permissions.fields.hr"))}
          onChange={(e) => setValues({ ...values, hrUserId: e.currentTarget.value })}
          placeholder={t("permissions.choose")}
          options={hrChoices.map((h) => ({ value: String(h.id), label: h.name }))}
        />
      )}
      <MultiSelect
        id="account-roles"
        label={t("permissions.fields.roles")}
        options={roles.map((r) => ({ value: String(r.id), label: r.name }))}
        value={roleIds}
        onChange={setRoleIds}
        placeholder={t("permissions.users.noRoles")}
        error={errors.roleIds}
      />
    </FormDialog>
  );
}
