/**
 * The answer to every action of /registration that the server rendered (one delegated listener): register,
 * drop (after a confirmation; past the drop deadline the registrar must give a reason), the registrar's enrol /
 * section / hold / window forms. Each calls the API; on success it says so and
 * re-reads the page (a soft navigation to the same URL), on failure it shows the shared error dialog with every
 * reason the server gave — a refused registration lists each failed check.
 */
import { useEffect, useState } from "preact/hooks";
import { ConfirmDialog } from "../../components/ui/confirm_dialog.tsx";
import { ErrorDialog } from "../../components/ui/error_dialog.tsx";
import { showToast } from "../../components/ui/toast.tsx";
import { ApiError, call } from "../../utils/api_client.ts";
import type { InputOf } from "../../components/api.ts";
import { t } from "../../utils/i18n.ts";
import { reloadPage } from "../../components/ui/navigation.ts";

interface Failure {
  message: string;
  fields: Record<string, string>;
}

/** A drop waiting for its confirmation. */
interface PendingDrop {
  button: HTMLElement;
  registration: string;
  course: string;
  late: boolean;
}

const numbers = (text: FormDataEntryValue | null) =>
  String(text ?? "").split(/[\s,]+/).filter(Boolean).map(Number);

async function runAction(el: HTMLElement): Promise<string> {
  const d = el.dataset;
  switch (d.reg) {
    case "register": {
      const r = await call("POST /registrations", { body: { sectionId: d.section! } });
      return r.status === "enrolled"
        ? t("registration.registered", { course: d.course ?? "" })
        : t("registration.waitlistedDone", { position: r.position ?? 0 });
    }
    case "hold-remove":
      await call("DELETE /holds/{studentId}/{holdId}", {
        params: { studentId: d.student!, holdId: d.hold! },
      });
      return t("registration.settings.saved");
  }
  throw new Error(`unknown action ${d.reg}`);
}

async function submitForm(form: HTMLFormElement): Promise<string> {
  const data = new FormData(form);
  const d = form.dataset;
  switch (d.regForm) {
    case "enrol": {
      const override = data.get("override") === "on";
      const r = await call("POST /registrations", {
        body: {
          sectionId: d.section!,
          studentId: Number(data.get("studentId")),
          ...(override ? { override, reason: String(data.get("reason") ?? "") } : {}),
        },
      });
      return r.status === "enrolled"
        ? t("registration.roster.enrolled")
        : t("registration.roster.waitlisted", { position: r.position ?? 0 });
    }
    case "offering": {
      const capacity = String(data.get("capacity") ?? "").trim();
      await call("PUT /registration_offerings/{sectionId}", {
        params: { sectionId: d.section! },
        body: { capacity: capacity === "" ? null : Number(capacity), closed: data.get("closed") === "on" },
      });
      break;
    }
    case "hold":
      await call("POST /holds", {
        body: {
          studentId: Number(data.get("studentId")),
          // The server checks the choice; the form offers only the schema's kinds.
          kind: String(data.get("kind")) as InputOf<"POST /holds">["body"]["kind"],
          reason: String(data.get("reason") ?? ""),
        },
      });
      break;
    case "window":
      await call("PUT /registration_windows/{groupId}", {
        params: { groupId: d.group! },
        body: {
          opens: String(data.get("opens") ?? ""),
          closes: String(data.get("closes") ?? ""),
          dropDeadline: String(data.get("dropDeadline") ?? ""),
          creditLimit: Number(data.get("creditLimit")),
          programIds: numbers(data.get("programIds")),
          admissionYears: numbers(data.get("admissionYears")),
        },
      });
      break;
  }
  return t("registration.settings.saved");
}

async function drop(pending: PendingDrop, reason: string): Promise<string> {
  await call("POST /registrations/{registrationId}/drop", {
    params: { registrationId: pending.registration },
    body: pending.late ? { override: true, reason } : {},
  });
  return t("registration.dropped", { course: pending.course });
}

let busy = false;

/** Runs one action at a time; says how it went (a toast and the re-read page, or the reasons it failed). */
async function run(
  target: HTMLElement,
  work: () => Promise<string>,
  onFailure: (failure: Failure) => void,
): Promise<void> {
  if (busy) return;
  busy = true;
  target.setAttribute("aria-busy", "true");
  try {
    showToast(await work(), "success");
    reloadPage();
  } catch (error) {
    onFailure(
      error instanceof ApiError
        ? { message: error.message, fields: error.fields }
        : { message: t("errors.network"), fields: {} },
    );
  } finally {
    busy = false;
    target.removeAttribute("aria-busy");
  }
}

export function RegistrationActions() {
  const [failure, setFailure] = useState<Failure | null>(null);
  const [pending, setPending] = useState<PendingDrop | null>(null);
  const [reason, setReason] = useState("");
  const [dropping, setDropping] = useState(false);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const button = (event.target as Element | null)?.closest<HTMLElement>("[data-reg]");
      if (!button) return;
      event.preventDefault();
      if (button.dataset.reg === "drop") {
        setReason("");
        setPending({
          button,
          registration: button.dataset.registration!,
          course: button.dataset.course ?? "",
          late: button.dataset.late === "1",
        });
        return;
      }
      run(button, () => runAction(button), setFailure);
    };
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target as HTMLFormElement;
      if (!form.dataset.regForm) return;
      event.preventDefault();
      run(form, () => submitForm(form), setFailure);
    };
    document.addEventListener("click", onClick);
    document.addEventListener("submit", onSubmit);
    return () => {
      document.removeEventListener("click", onClick);
      document.removeEventListener("submit", onSubmit);
    };
  }, []);

  const confirmDrop = async () => {
    if (!pending) return;
    if (pending.late && !reason.trim()) {
      document.getElementById("registration-drop-reason")?.focus();
      return;
    }
    setDropping(true);
    await run(pending.button, () => drop(pending, reason.trim()), setFailure);
    setDropping(false);
    setPending(null);
  };
  const C = "registration.dropConfirm";
  return (
    <>
      <ConfirmDialog
        id="registration-drop"
        open={pending !== null}
        title={t(`${C}.title`, { course: pending?.course ?? "" })}
        message={
          <>
            {t(`${C}.message`)}
            {pending?.late && (
              <label class="mt-3 flex flex-col gap-1 text-sm">
                <span>{t(`${C}.late`)}</span>
                <span class="font-medium">{t(`${C}.reason`)}</span>
                <textarea
                  id="registration-drop-reason"
                  required
                  maxLength={500}
                  rows={3}
                  value={reason}
                  onInput={(e) => setReason(e.currentTarget.value)}
                  class="rounded border border-gray-300 px-2 py-1"
                />
              </label>
            )}
          </>
        }
        yesLabel={t(`${C}.yes`)}
        noLabel={t(`${C}.no`)}
        danger
        busy={dropping}
        onYes={confirmDrop}
        onNo={() => setPending(null)}
      />
      <ErrorDialog
        id="registration-error"
        message={failure?.message ?? null}
        fieldErrors={failure?.fields}
        title={t("registration.refusedTitle")}
        okLabel="OK"
        onClose={() => setFailure(null)}
      />
    </>
  );
}
