/** A side-menu entry (SPEC §3 Menu item), shared by the menu service and the side-menu island. */
export interface MenuItem {
  id: number;
  titleKey: string;
  route?: string;
  href?: string;
  icon: string;
  permission?: string;
  /** Guards that see the item; absent means everyone. */
  guards?: ("user" | "prof" | "custom" | "student")[];
  children?: MenuItem[];
}
