/**
 * The answer to every action of /registration that the server rendered (one delegated listener): register,
 * drop, the registrar's enrol / section / hold / window forms. Each calls the API; on success it says so and
 * re-reads the page (a soft navigation to the same URL), on failure it shows the shared error dialog with every
 * reason the server gave — a refused registration lists each failed check.
 */
import { useEffect, useState } from "preact/hooks";
import { ErrorDialog } from "../../components/ui/error_dialog.tsx";
import { showToast } from "../../components/ui/toast.tsx";
import { ApiError, call } from "../../utils/api_client.ts";
import type { InputOf } from "../../components/api.ts";
import { t } from "../../utils/i18n.ts";

interface Failure {
  message: string;
  fields: Record<string, string>;
}

/** Re-reads the page through client navigation (a full load where it is not installed). */
function reloadPage() {
  const link = document.createElement("a");
  link.href = location.href;
  link.hidden = true;
  (document.querySelector("[data-page-region]") ?? document.body).append(link);
  link.click();
  link.remove();
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
    case "drop":
      await call("POST /registrations/{registrationId}/drop", {
        params: { registrationId: d.registration! },
        body: {},
      });
      return t("registration.dropped", { course: d.course ?? "" });
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

export function RegistrationActions() {
  const [failure, setFailure] = useState<Failure | null>(null);

  useEffect(() => {
    let busy = false;
    const run = async (target: HTMLElement, work: () => Promise<string>) => {
      if (busy) return;
      busy = true;
      target.setAttribute("aria-busy", "true");
      try {
        showToast(await work(), "success");
        reloadPage();
      } catch (error) {
        setFailure(
          error instanceof ApiError
            ? { message: error.message, fields: error.fields }
            : { message: t("errors.network"), fields: {} },
        );
      } finally {
        busy = false;
        target.removeAttribute("aria-busy");
      }
    };
    const onClick = (event: MouseEvent) => {
      const button = (event.target as Element | null)?.closest<HTMLElement>("[data-reg]");
      if (!button) return;
      event.preventDefault();
      run(button, () => runAction(button));
    };
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target as HTMLFormElement;
      if (!form.dataset.regForm) return;
      event.preventDefault();
      run(form, () => submitForm(form));
    };
    document.addEventListener("click", onClick);
    document.addEventListener("submit", onSubmit);
    return () => {
      document.removeEventListener("click", onClick);
      document.removeEventListener("submit", onSubmit);
    };
  }, []);

  return (
    <ErrorDialog
      id="registration-error"
      message={failure?.message ?? null}
      fieldErrors={failure?.fields}
      title={t("registration.refusedTitle")}
      okLabel="OK"
      onClose={() => setFailure(null)}
    />
  );
}
