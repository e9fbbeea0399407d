/** Up to three round icons (SPEC §5): the default image for none, inline data images and failed loads. */
import { DEFAULT_ICON, roomIcons } from "./files.ts";

export function Avatars({ icons, size = "size-9" }: { icons: readonly (string | null)[]; size?: string }) {
  const shown = roomIcons(icons.length ? icons : [null]);
  return (
    <span class="flex shrink-0 -space-x-3" aria-hidden="true">
      {shown.map((src, i) => (
        <img
          key={i}
          src={src}
          alt=""
          class={`${size} rounded-full border-2 border-white bg-gray-200 object-cover`}
          onError={(e) => {
            const img = e.currentTarget as HTMLImageElement;
            if (!img.src.endsWith(DEFAULT_ICON)) img.src = DEFAULT_ICON;
          }}
        />
      ))}
    </span>
  );
}
