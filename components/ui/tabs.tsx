import type { ComponentChildren } from "preact";
import { ariaBool, cx } from "./class_names.ts";

export interface TabItem {
  key: string;
  label: ComponentChildren;
  /** A link tab: navigates (and works without JavaScript). Without it the tab is a button calling onSelect. */
  href?: string;
  disabled?: boolean;
}

export interface TabsProps {
  /** Prefix of the tab ids (`{id}-tab-{key}`), which a TabPanel uses in aria-labelledby. */
  id: string;
  tabs: readonly TabItem[];
  selected: string;
  onSelect?: (key: string) => void;
  /** Accessible name of the tab list, e.g. "Course lists". */
  label: string;
  /** Id of the panel the selected tab controls. */
  panelId?: string;
  class?: string;
}

export function tabId(id: string, key: string): string {
  return `${id}-tab-${key}`;
}

const TAB_CLASS =
  "-mb-px inline-flex items-center border-b-2 px-4 py-2 text-sm font-medium whitespace-nowrap";
const SELECTED_CLASS = "border-primary-600 text-primary-700";
const IDLE_CLASS = "border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-900";

function moveFocus(event: KeyboardEvent) {
  const keys = ["ArrowLeft", "ArrowRight", "Home", "End"];
  if (!keys.includes(event.key)) return;
  const list = event.currentTarget as HTMLElement;
  const tabs = Array.from(list.querySelectorAll<HTMLElement>('[role="tab"]:not([aria-disabled="true"])'));
  const current = tabs.indexOf(document.activeElement as HTMLElement);
  if (current < 0) return;
  event.preventDefault();
  // Arrow direction follows reading direction, which is left to right in both of our languages.
  const next = event.key === "Home"
    ? 0
    : event.key === "End"
    ? tabs.length - 1
    : (current + (event.key === "ArrowRight" ? 1 : -1) + tabs.length) % tabs.length;
  tabs[next].focus();
}

/**
 * ARIA tabs. Arrow keys, Home and End move focus; Enter or Space activates (manual activation, since switching
 * tabs reloads data). Link tabs all stay in the Tab order so a page that is never hydrated is still usable;
 * button tabs use a roving tabindex as the ARIA pattern asks.
 */
export function Tabs({ id, tabs, selected, onSelect, label, panelId, class: extra }: TabsProps) {
  // With no tab selected the first one takes the tab stop, or keyboard users could not reach the list at all.
  const tabStop = tabs.some((t) => t.key === selected) ? selected : tabs[0]?.key;
  return (
    <div
      role="tablist"
      aria-label={label}
      class={cx("flex gap-1 overflow-x-auto border-b border-gray-200", extra)}
      onKeyDown={moveFocus}
    >
      {tabs.map((tab) => {
        const isSelected = tab.key === selected;
        const common = {
          id: tabId(id, tab.key),
          role: "tab" as const,
          "aria-selected": ariaBool(isSelected),
          "aria-controls": isSelected ? panelId : undefined,
          "aria-disabled": tab.disabled ? "true" as const : undefined,
          class: cx(
            TAB_CLASS,
            isSelected ? SELECTED_CLASS : IDLE_CLASS,
            tab.disabled && "pointer-events-none opacity-50",
          ),
        };
        if (tab.href !== undefined) {
          return (
            <a
              key={tab.key}
              {...common}
              href={tab.disabled ? undefined : tab.href}
              aria-current={isSelected ? "page" : undefined}
              onKeyDown={(e) => {
                // Links activate on Enter only; tabs must also answer Space.
                if (e.key === " ") {
                  e.preventDefault();
                  e.currentTarget.click();
                }
              }}
            >
              {tab.label}
            </a>
          );
        }
        return (
          <button
            key={tab.key}
            type="button"
            {...common}
            tabIndex={tab.key === tabStop ? 0 : -1}
            disabled={tab.disabled}
            onClick={() => onSelect?.(tab.key)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

export interface TabPanelProps {
  id: string;
  /** Id of the tab that labels this panel (see `tabId`). */
  labelledBy: string;
  class?: string;
  children?: ComponentChildren;
}

export function TabPanel({ id, labelledBy, class: extra, children }: TabPanelProps) {
  return <div role="tabpanel" id={id} aria-labelledby={labelledBy} tabIndex={0} class={extra}>{children}
  </div>;
}
