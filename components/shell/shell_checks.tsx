/**
 * Checks the shell runs after hydration (SPEC §2.5, §4): the poll alert (at start-up and every 60,000 ms; while
 * polls wait, an alert in the top bar opening their links) and, for academic staff, the professor statement dialog, opened once per
 * session (sessionStorage) while the statement is unchecked. Lives in the top bar, which client navigation
 * keeps, so "start-up" is a full page load.
 */
import type { ComponentType } from "preact";
import { useEffect, useState } from "preact/hooks";
import { api } from "../../utils/api_client.ts";
import { t } from "../../utils/i18n.ts";
import { startPollAlert } from "../../utils/poll_alert.ts";
import { Dropdown, MENU_ITEM_CLASS } from "./dropdown.tsx";

interface WaitingPoll {
  id: number;
  title: string;
  link: string;
}

export const STATEMENT_SHOWN_KEY = "professorStatementShown";

const session = {
  get(key: string): string | null {
    try {
      return sessionStorage.getItem(key);
    } catch {
      return null; // storage disabled
    }
  },
  set(key: string, value: string) {
    try {
      sessionStorage.setItem(key, value);
    } catch { /* storage disabled */ }
  },
};

type StatementDialog = ComponentType<{ onClose: () => void }>;

export function ShellChecks({ guard }: { guard: string }) {
  const [polls, setPolls] = useState<WaitingPoll[]>([]);
  const [Statement, setStatement] = useState<StatementDialog | null>(null);

  useEffect(() => {
    return startPollAlert(async () => {
      setPolls((await api<{ data: WaitingPoll[] }>("/shell/polls/waiting")).data);
    });
  }, []);

  useEffect(() => {
    if (guard !== "prof" || session.get(STATEMENT_SHOWN_KEY)) return;
    api<{ isChecked: boolean }>("/shell/professor-statement").then(async ({ isChecked }) => {
      if (isChecked) return;
      session.set(STATEMENT_SHOWN_KEY, "1");
      const { ProfessorStatementDialog } = await import("./professor_statement_dialog.tsx");
      setStatement(() => ProfessorStatementDialog);
    }).catch(() => {});
  }, []);

  // A compact alert in the top bar rather than a floating box or toast: nothing on the page gets covered.
  return (
    <>
      {/* The live region is always there (regions that appear with their text are not announced). */}
      <div role="status">
        {polls.length > 0 && (
          <div data-testid="poll-alert">
            <Dropdown
              id="poll-alert"
              ariaLabel={t("shellLive.polls.waiting", { count: polls.length })}
              buttonClass="flex items-center gap-1 rounded-full bg-amber-100 px-2 py-1 text-xs font-semibold text-amber-900 hover:bg-amber-200"
              label={
                <>
                  <span aria-hidden="true">!</span>
                  <span class="hidden md:inline">
                    {t("shellLive.polls.waiting", { count: polls.length })}
                  </span>
                  <span class="md:hidden">{polls.length}</span>
                </>
              }
            >
              {polls.map((p) => <a key={p.id} href={p.link} class={MENU_ITEM_CLASS}>{p.title}</a>)}
            </Dropdown>
          </div>
        )}
      </div>
      {Statement && <Statement onClose={() => setStatement(null)} />}
    </>
  );
}
