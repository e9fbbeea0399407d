/**
 * The roles tab: the roles on the left; the chosen one's name and its permission keys as a tree grouped by
 * menu with check boxes (checking a group checks what is under it); create, rename, remove (the server refuses
 * while anyone holds the role), history, and "who can do this" for any key.
 */
import { useState } from "preact/hooks";
import { HistoryDialog } from "../../components/structure/history_dialog.tsx";
import { reloadPage } from "../../components/ui/navigation.ts";
import {
  Button,
  ConfirmDialog,
  ErrorDialog,
  FormDialog,
  Select,
  showToast,
  TextInput,
  useSave,
} from "../../components/ui/mod.ts";
import { ApiError, call } from "../../utils/api_client.ts";
import type { ResponseOf } from "../../components/api.ts";
import { t } from "../../utils/i18n.ts";

export interface RoleData {
  id: number;
  name: string;
  keys: string[];
  userCount: number;
  versionstamp: string;
}

export interface KeyNode {
  key: string;
  children?: KeyNode[];
}

export interface PermissionsRolesProps {
  roles: RoleData[];
  tree: KeyNode[];
  /** Every key in tree order, for the "who can do this" choice. */
  allKeys: string[];
  /** The role to show first (from the URL's `role`), so a reload after a save stays on it. */
  initialRoleId: number | null;
}

type WhoCan = ResponseOf<"GET /roles/who">;

/** Keeps the chosen role in the URL, so reloading the page (after a save) shows it again. */
function keepRoleInUrl(roleId: number) {
  const url = new URL(location.href);
  url.searchParams.set("role", String(roleId));
  history.replaceState(history.state, "", url);
}

const under = (node: KeyNode): string[] => [node.key, ...(node.children ?? []).flatMap(under)];

export function PermissionsRoles({ roles, tree, allKeys, initialRoleId }: PermissionsRolesProps) {
  const [selectedId, setSelectedId] = useState<number | null>(
    roles.find((r) => r.id === initialRoleId)?.id ?? roles[0]?.id ?? null,
  );
  const selected = roles.find((r) => r.id === selectedId) ?? null;
  const [name, setName] = useState(selected?.name ?? "");
  const [keys, setKeys] = useState<Set<string>>(new Set(selected?.keys ?? []));
  const [adding, setAdding] = useState(false);
  const [newName, setNewName] = useState("");
  const [removing, setRemoving] = useState(false);
  const [busy, setBusy] = useState(false);
  // Versions fetched after a conflict, newer than the page's.
  const [versionstamps, setVersionstamps] = useState<Record<number, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [history, setHistory] = useState(false);
  const [whoKey, setWhoKey] = useState("");
  const [who, setWho] = useState<WhoCan | null>(null);

  const choose = (role: RoleData) => {
    setSelectedId(role.id);
    keepRoleInUrl(role.id);
    setName(role.name);
    setKeys(new Set(role.keys));
  };
  const fail = (e: unknown) => setError(e instanceof ApiError ? e.message : t("errors.unexpected"));
  const done = (message: string) => {
    showToast(message, "success");
    reloadPage();
  };
  const editForm = useSave({
    id: "role-form",
    fields: ["name", "keys"],
    save: () =>
      call("PUT /roles/{id}", {
        params: { id: selected!.id },
        body: {
          name,
          keys: allKeys.filter((k) => keys.has(k)),
          versionstamp: versionstamps[selected!.id] ?? selected!.versionstamp,
        },
      }),
    onSaved: () => done(t("permissions.saved")),
    reload: async () => {
      const latest = (await call("GET /roles")).data.find((r) => r.id === selected!.id);
      if (latest) setVersionstamps({ ...versionstamps, [latest.id]: latest.versionstamp });
    },
  });
  const addForm = useSave({
    id: "role-add",
    fields: ["name"],
    save: () => call("POST /roles", { body: { name: newName, keys: [] } }),
    onSaved: (created) => {
      keepRoleInUrl(created.id);
      setAdding(false);
      done(t("permissions.saved"));
    },
  });
  const remove = async () => {
    if (!selected) return;
    setBusy(true);
    try {
      await call("DELETE /roles/{id}", {
        params: { id: selected.id },
        query: { versionstamp: versionstamps[selected.id] ?? selected.versionstamp },
      });
      done(t("permissions.removed"));
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
      setRemoving(false);
    }
  };
  const toggle = (node: KeyNode, on: boolean) => {
    const next = new Set(keys);
    for (const key of under(node)) on ? next.add(key) : next.delete(key);
    setKeys(next);
  };

  const renderNodes = (nodes: KeyNode[]) => (
    <ul class="space-y-1 ps-4">
      {nodes.map((node) => (
        <li key={node.key}>
          <label class="inline-flex items-center gap-2 text-sm" title={node.key}>
            <input
              type="checkbox"
              value={node.key}
              checked={keys.has(node.key)}
              onChange={(e) => toggle(node, e.currentTarget.checked)}
            />
            <span class="font-mono" lang="zxx">{node.key.split(".").at(-1)}</span>
          </label>
          {node.children && renderNodes(node.children)}
        </li>
      ))}
    </ul>
  );

  return (
    <div class="grid gap-6 lg:grid-cols-[16rem_1fr]">
      <div class="space-y-2">
        <Button id="role-add" onClick={() => setAdding(true)}>{t("permissions.roles.add")}</Button>
        <ul class="divide-y rounded border" aria-label={t("permissions.tabs.roles")}>
          {roles.length === 0 && <li class="p-3 text-sm text-gray-500">{t("permissions.roles.empty")}</li>}
          {roles.map((role) => (
            <li key={role.id}>
              <button
                type="button"
                class={`w-full px-3 py-2 text-start text-sm ${
                  role.id === selectedId ? "bg-primary-50 font-semibold" : ""
                }`}
                aria-current={role.id === selectedId ? "true" : "false"}
                onClick={() => choose(role)}
              >
                {role.name} <span class="text-gray-600">({role.userCount})</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
      <div class="space-y-4">
        {selected && (
          <form
            id="role-form"
            class="space-y-3"
            onSubmit={editForm.submit}
            noValidate
          >
            <TextInput
              id="role-name"
              label={t("permissions.roles.name")}
              value={name}
              error={editForm.fieldErrors.name}
              maxLength={100}
              onInput={(e) => setName(e.currentTarget.value)}
            />
            <fieldset
              class="max-h-[28rem] overflow-auto rounded border p-2"
              aria-label={t("permissions.roles.keys")}
            >
              <legend class="px-1 text-sm font-medium">{t("permissions.roles.keys")}</legend>
              {renderNodes(tree)}
            </fieldset>
            <div class="flex flex-wrap gap-2">
              <Button type="submit" loading={editForm.saving}>{t("permissions.save")}</Button>
              <Button variant="secondary" onClick={() => setHistory(true)}>
                {t("structure.actions.history")}
              </Button>
              <Button variant="danger" onClick={() => setRemoving(true)}>
                {t("structure.actions.remove")}
              </Button>
            </div>
          </form>
        )}
        <section class="space-y-2 rounded border p-3" aria-labelledby="who-title">
          <h2 id="who-title" class="font-semibold">{t("permissions.roles.whoTitle")}</h2>
          <Select
            id="who-key"
            label={t("permissions.roles.key")}
            value={whoKey}
            placeholder={t("permissions.choose")}
            options={allKeys.map((k) => ({ value: k, label: k }))}
            onChange={async (e) => {
              const key = e.currentTarget.value;
              setWhoKey(key);
              setWho(null);
              if (key) {
                try {
                  setWho(await call("GET /roles/who", { query: { key } }));
                } catch (err) {
                  fail(err);
                }
              }
            }}
          />
          {who && (
            <div class="grid gap-3 text-sm sm:grid-cols-2" data-testid="who-can">
              <div>
                <h3 class="font-medium">{t("permissions.tabs.roles")}</h3>
                <ul>{who.roles.map((r) => <li key={r.id}>{r.name}</li>)}</ul>
              </div>
              <div>
                <h3 class="font-medium">{t("permissions.tabs.users")}</h3>
                <ul>
                  {who.users.map((u) => <li key={u.id}>{u.name} ({u.email}){u.disabled ? " ✕" : ""}</li>)}
                </ul>
              </div>
            </div>
          )}
        </section>
      </div>
      <FormDialog
        id="role-add-dialog"
        open={adding}
        width={500}
        title={t("permissions.roles.add")}
        form={addForm}
        saveLabel={t("permissions.save")}
        onClose={() => setAdding(false)}
        formId="role-add-form"
      >
        <TextInput
          id="role-new-name"
          label={t("permissions.roles.name")}
          value={newName}
          error={addForm.fieldErrors.name}
          maxLength={100}
          onInput={(e) => setNewName(e.currentTarget.value)}
        />
      </FormDialog>
      <ConfirmDialog
        id="role-remove"
        open={removing}
        title={t("common.confirmTitle")}
        message={t("permissions.roles.removeConfirm", { name: selected?.name ?? "" })}
        yesLabel={t("common.yes")}
        noLabel={t("common.no")}
        danger
        busy={busy}
        onYes={remove}
        onNo={() => !busy && setRemoving(false)}
      />
      <HistoryDialog
        id="role-history"
        source={history && selected
          ? { key: "GET /roles/{id}/log", input: { params: { id: selected.id } } }
          : null}
        title={`${t("structure.actions.history")}: ${selected?.name ?? ""}`}
        fieldLabels={{ name: t("permissions.roles.name"), keys: t("permissions.roles.keys") }}
        formatValue={(
          _field,
          value,
        ) => (Array.isArray(value) ? value.join(", ") || "—" : String(value ?? "—"))}
        onClose={() => setHistory(false)}
      />
      {editForm.dialogs}
      <ErrorDialog
        id="role-error"
        message={error}
        title={t("common.errorTitle")}
        okLabel={t("common.ok")}
        onClose={() => setError(null)}
      />
    </div>
  );
}
