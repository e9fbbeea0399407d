/**
 * The "QR card" action of a student's page: asks the server for a signed link to the student's public card
 * (valid one year) and shows it with its QR code, to print or send.
 */
import { useState } from "preact/hooks";
import { Button, Dialog, ErrorDialog, showToast, Spinner } from "../../components/ui/mod.ts";
import { ApiError, call } from "../../utils/api_client.ts";
import type { ResponseOf } from "../../components/api.ts";
import { formatDisplayDate } from "../../components/ui/date_format.ts";
import { t } from "../../utils/i18n.ts";

type CardLink = ResponseOf<"POST /students/{id}/qr">;

export function StudentQr({ studentId, name }: { studentId: number; name: string }) {
  const [open, setOpen] = useState(false);
  const [card, setCard] = useState<CardLink | null>(null);
  const [error, setError] = useState<string | null>(null);

  const show = async () => {
    setOpen(true);
    setCard(null);
    try {
      setCard(await call("POST /students/{id}/qr", { params: { id: studentId } }));
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setOpen(false);
      setError(e.message);
    }
  };

  const copy = async () => {
    if (!card) return;
    try {
      await navigator.clipboard.writeText(card.href);
      showToast(t("students.qr.copied"), "success");
    } catch {
      showToast(t("students.qr.copyFailed"), "error");
    }
  };

  return (
    <>
      <Button variant="secondary" onClick={show} data-testid="student-qr">{t("students.qr.button")}</Button>
      <Dialog
        id="student-qr-dialog"
        open={open}
        onClose={() => setOpen(false)}
        title={t("students.qr.title")}
        width={500}
        footer={
          <>
            <Button variant="secondary" onClick={copy} disabled={!card}>{t("students.qr.copy")}</Button>
            <Button onClick={() => setOpen(false)}>{t("common.close")}</Button>
          </>
        }
      >
        {card
          ? (
            <div class="flex flex-col items-center gap-3 text-sm">
              <img
                src={card.qrImage}
                alt={t("students.qr.alt", { name })}
                class="size-56"
                width={224}
                height={224}
              />
              <a
                href={card.href}
                target="_blank"
                rel="noopener"
                class="max-w-full break-all text-primary-700 hover:underline"
                data-testid="student-qr-link"
              >
                {card.href}
              </a>
              <p class="text-gray-600">
                {t("students.qr.validUntil", { date: formatDisplayDate(card.expiresAt.slice(0, 10)) })}
              </p>
              <p class="text-xs text-gray-500">{t("students.qr.hint")}</p>
            </div>
          )
          : <Spinner size="lg" label={t("common.loading")} class="mx-auto my-10 text-primary-600" />}
      </Dialog>
      <ErrorDialog
        id="student-qr-error"
        message={error}
        title={t("common.errorTitle")}
        okLabel={t("common.ok")}
        onClose={() => setError(null)}
      />
    </>
  );
}
