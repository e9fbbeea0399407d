import { Button } from "../ui/mod.ts";
import { t } from "../../utils/i18n.ts";

export interface RowActionsProps {
  /** Names the row for screen readers, e.g. its code: "Edit BUS". */
  name: string;
  onHistory: () => void;
  /** Absent when the person lacks the permission: the button is not shown at all. */
  onEdit?: () => void;
  onRemove?: () => void;
}

/** The actions of one structure row; each button's accessible name includes the row's name. */
export function RowActions({ name, onHistory, onEdit, onRemove }: RowActionsProps) {
  const named = (label: string) => `${label}: ${name}`;
  return (
    <div class="flex justify-end gap-1">
      <Button
        size="sm"
        variant="ghost"
        aria-label={named(t("structure.actions.history"))}
        onClick={onHistory}
      >
        {t("structure.actions.history")}
      </Button>
      {onEdit && (
        <Button size="sm" variant="ghost" aria-label={named(t("structure.actions.edit"))} onClick={onEdit}>
          {t("structure.actions.edit")}
        </Button>
      )}
      {onRemove && (
        <Button
          size="sm"
          variant="ghost"
          class="text-danger-700! hover:bg-danger-50!"
          aria-label={named(t("structure.actions.remove"))}
          onClick={onRemove}
        >
          {t("structure.actions.remove")}
        </Button>
      )}
    </div>
  );
}
