/**
 * When the page could not tell whether the person has consented to the current policy (the first page of a
 * session), this asks the server and, only if consent is still needed, loads the blocking consent dialog. Almost
 * everyone has consented already, so the dialog's code (≈ 10 KB gzip) is not shipped with every first page.
 */
import { useEffect, useState } from "preact/hooks";
import type { ConsentDialog as ConsentDialogType } from "./dialog.tsx";
import { call } from "../../utils/api_client.ts";

export function ConsentCheck() {
  const [Dialog, setDialog] = useState<typeof ConsentDialogType | null>(null);
  useEffect(() => {
    call("GET /consent/status")
      .then(async (status) => {
        if (status.state !== "pending") return;
        const { ConsentDialog } = await import("./dialog.tsx");
        setDialog(() => ConsentDialog);
      })
      .catch(() => {});
  }, []);
  return Dialog ? <Dialog /> : null;
}
