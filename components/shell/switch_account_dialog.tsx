/** Account switching: lists this person's other accounts; a failed switch shows the error and stays. */
import { useSignal } from "@preact/signals";
import { useEffect } from "preact/hooks";
import { Button, Dialog, ErrorDialog, Spinner } from "../ui/mod.ts";
import { ApiError, call } from "../../utils/api_client.ts";
import type { ResponseOf } from "../api.ts";
import { t } from "../../utils/i18n.ts";

type Account = ResponseOf<"GET /auth/accounts">["data"][number];

export function SwitchAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const accounts = useSignal<Account[] | null>(null);
  const error = useSignal<string | null>(null);
  const busy = useSignal<number | null>(null);

  useEffect(() => {
    if (!open) return;
    accounts.value = null;
    call("GET /auth/accounts")
      .then((r) => (accounts.value = r.data))
      .catch((e) => {
        accounts.value = [];
        error.value = e instanceof ApiError ? e.message : t("errors.unexpected");
      });
  }, [open]);

  const choose = async (account: Account) => {
    busy.value = account.id;
    try {
      await call("POST /auth/switch", { body: { accountId: account.id } });
      location.assign("/hr/calendar");
    } catch (e) {
      error.value = e instanceof ApiError ? e.message : t("errors.unexpected");
      busy.value = null;
    }
  };

  return (
    <>
      <Dialog id="switch-account" open={open} onClose={onClose} title={t("shell.switchAccount")} width={500}>
        {accounts.value === null && <Spinner label={t("common.loading")} />}
        {accounts.value?.length === 0 && <p class="text-sm text-gray-600">{t("shell.noOtherAccounts")}</p>}
        <ul class="space-y-2">
          {accounts.value?.map((account) => (
            <li
              key={account.id}
              class="flex items-center justify-between gap-3 rounded-md border border-gray-200 p-3"
            >
              <span>
                <span class="block font-medium">{account.name}</span>
                <span class="block text-sm text-gray-600">
                  {account.email} · {t(`guards.${account.guard}`)}
                </span>
              </span>
              <Button size="sm" loading={busy.value === account.id} onClick={() => choose(account)}>
                {t("shell.switch")}
              </Button>
            </li>
          ))}
        </ul>
      </Dialog>
      <ErrorDialog
        id="switch-account-error"
        message={error.value}
        title={t("common.errorTitle")}
        okLabel={t("common.ok")}
        onClose={() => (error.value = null)}
      />
    </>
  );
}
