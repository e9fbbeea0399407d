/**
 * A page region is replaced while the person may still be working in it: typing the next letters of a search
 * whose list is loading, ticking one more box. The new page is drawn from what the server knew when the request
 * left, so without help those letters and ticks would vanish, and the focus would jump away mid-word. What the
 * person changed during the load is carried onto the new page's controls of the same id, and the control they
 * were in keeps the focus, with its caret. This happens in the same task as the swap: the next key pressed,
 * however soon, lands in the new control.
 */

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
type State = string | boolean;

const CONTROLS = "input[id], select[id], textarea[id]";
const NOT_TYPED = new Set(["hidden", "file", "submit", "button", "reset", "image"]);

function isControl(element: Element | null): element is Control {
  if (element instanceof HTMLInputElement) return !NOT_TYPED.has(element.type);
  return element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement;
}

function stateOf(control: Control): State {
  if (control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio")) {
    return control.checked;
  }
  return control.value;
}

function setState(control: Control, state: State) {
  if (typeof state === "boolean") (control as HTMLInputElement).checked = state;
  else control.value = state;
}

/** The same control on the new page: same id, same kind. */
function counterpart(control: Control, region: Element): Control | null {
  const found = region.querySelector(`#${CSS.escape(control.id)}`);
  if (!isControl(found) || found.tagName !== control.tagName) return null;
  if (found instanceof HTMLInputElement && found.type !== (control as HTMLInputElement).type) return null;
  return found;
}

/** Remembers the region's controls as they are when a navigation starts. */
export function snapshotControls(region: Element): Map<Control, State> {
  const states = new Map<Control, State>();
  for (const element of region.querySelectorAll(CONTROLS)) {
    if (isControl(element)) states.set(element, stateOf(element));
  }
  return states;
}

/**
 * Reads, just before `previous` is replaced, what changed in its controls since `before` was taken and where the
 * focus and caret are; the returned function puts them on the region that replaces it, and says whether it
 * kept the focus.
 */
export function changesSince(before: Map<Control, State>): (next: Element) => boolean {
  const changed = [...before].flatMap(([control, state]) => {
    const now = stateOf(control);
    return now === state ? [] : [{ control, now }];
  });
  const focused = document.activeElement;
  const inControl = isControl(focused) && before.has(focused) ? focused : null;
  // Inputs without a caret (number, email, a checkbox) report a null selection and refuse to set one.
  const caret = inControl && !(inControl instanceof HTMLSelectElement) && inControl.selectionStart !== null
    ? [inControl.selectionStart, inControl.selectionEnd ?? inControl.selectionStart] as const
    : null;
  // A choice in a popover (a <details> list of boxes) stays in view: the person may be ticking several.
  const inOpenPopover = inControl?.closest("details")?.open === true;
  return (next) => {
    for (const { control, now } of changed) {
      const target = counterpart(control, next);
      if (target) setState(target, now);
    }
    const target = inControl && counterpart(inControl, next);
    if (!target) return false;
    const popover = target.closest("details");
    if (popover && inOpenPopover) popover.open = true;
    target.focus({ preventScroll: true });
    if (document.activeElement !== target) return false;
    if (caret) (target as HTMLInputElement | HTMLTextAreaElement).setSelectionRange(caret[0], caret[1]);
    return true;
  };
}
