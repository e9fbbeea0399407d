import { Tabs } from "../ui/mod.ts";
import type { Translate } from "../../utils/i18n.ts";

export type StructureTab = "schools" | "specials";

/** SPEC §2.3: educational units and educational programs are two link tabs of the structure section. */
export function StructureTabs({ t, selected }: { t: Translate; selected: StructureTab }) {
  return (
    <Tabs
      id="structure"
      label={t("menu.structure")}
      selected={selected}
      panelId="structure-panel"
      tabs={[
        { key: "schools", label: t("sections.schools"), href: "/structure/schools" },
        { key: "specials", label: t("sections.specials"), href: "/structure/specials" },
      ]}
    />
  );
}
