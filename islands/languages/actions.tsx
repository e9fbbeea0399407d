/**
 * The language screen's actions (SPEC §2.3): add language, find new keywords (then the page reloads) and
 * generate templates (a JSON download of every language of the side).
 */
import type { ComponentType } from "preact";
import { useState } from "preact/hooks";
import { Button, ErrorDialog } from "../../components/ui/mod.ts";
import { showToast, showToastAfterReload } from "../../components/ui/toast.tsx";
import { ApiError, call } from "../../utils/api_client.ts";
import { t } from "../../utils/i18n.ts";

export interface LanguageActionsProps {
  side: "admin_side" | "student_side";
}

type AddDialog = ComponentType<
  { side: LanguageActionsProps["side"]; onClose: () => void; onAdded: (code: string) => void }
>;

export function LanguageActions({ side }: LanguageActionsProps) {
  const [busy, setBusy] = useState<"keywords" | "templates" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [Add, setAdd] = useState<AddDialog | null>(null);

  const run = async (which: "keywords" | "templates", task: () => Promise<void>) => {
    setBusy(which);
    try {
      await task();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t("errors.unexpected"));
    } finally {
      setBusy(null);
    }
  };
  const findKeywords = () =>
    run("keywords", async () => {
      const { added } = await call("POST /languages/keywords", { body: { side } });
      const count = Object.values(added).reduce((sum, n) => sum + n, 0);
      showToastAfterReload(t("langAdmin.keywordsAdded", { count }));
      location.reload();
    });
  const generateTemplates = () =>
    run("templates", async () => {
      const templates = await call("POST /languages/templates", { body: { side } });
      const href = URL.createObjectURL(
        new Blob([JSON.stringify(templates, null, 2)], { type: "application/json" }),
      );
      const link = Object.assign(document.createElement("a"), { href, download: `${side}-templates.json` });
      link.click();
      setTimeout(() => URL.revokeObjectURL(href), 10_000);
      showToast(
        t("langAdmin.templatesReady", { file: link.download, count: Object.keys(templates).length }),
        "success",
      );
    });
  const openAdd = async () => {
    const { AddLanguageDialog } = await import("../../components/languages/add_language_dialog.tsx");
    setAdd(() => AddLanguageDialog);
  };

  return (
    <div class="flex flex-wrap gap-2">
      <Button size="sm" onClick={openAdd}>{t("langAdmin.addLanguage")}</Button>
      <Button size="sm" variant="secondary" loading={busy === "keywords"} onClick={findKeywords}>
        {t("langAdmin.findKeywords")}
      </Button>
      <Button size="sm" variant="secondary" loading={busy === "templates"} onClick={generateTemplates}>
        {t("langAdmin.generateTemplates")}
      </Button>
      {Add && (
        <Add
          side={side}
          onClose={() => setAdd(null)}
          onAdded={(code) => location.assign(`/lang/${code}?side=${side}`)}
        />
      )}
      <ErrorDialog
        id="language-action-error"
        message={error}
        title={t("common.errorTitle")}
        okLabel={t("common.ok")}
        onClose={() => setError(null)}
      />
    </div>
  );
}
