/**
 * The poll alert (SPEC §4): while polls wait, a compact pill in the top bar opening their links — rather than
 * a floating box or a toast, so nothing on the page gets covered. The polls come from the shell's live parts
 * (shell_live.ts).
 */
import type { WaitingPoll } from "./shell_live.ts";
import { t } from "../../utils/i18n.ts";
import { Dropdown, MENU_ITEM_CLASS } from "./dropdown.tsx";

export function PollAlert({ polls }: { polls: WaitingPoll[] }) {
  // The live region is always there (regions that appear with their text are not announced).
  return (
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
                <span class="hidden md:inline">{t("shellLive.polls.waiting", { count: polls.length })}</span>
                <span class="md:hidden">{polls.length}</span>
              </>
            }
          >
            {polls.map((p) => <a key={p.link} href={p.link} class={MENU_ITEM_CLASS}>{p.title}</a>)}
          </Dropdown>
        </div>
      )}
    </div>
  );
}
