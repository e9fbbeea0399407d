/**
 * The image slider dialog (SPEC §2.8): one image at a time, no autoplay, starting at the clicked image;
 * previous and next buttons and the arrow keys move between the room's images.
 */
import { useState } from "preact/hooks";
import { t } from "../../utils/i18n.ts";
import { Dialog } from "../ui/dialog.tsx";
import type { FileContent } from "./files.ts";

export function ImageSlider(
  { images, start, onClose }: { images: FileContent[]; start: number; onClose: () => void },
) {
  const [index, setIndex] = useState(Math.min(start, images.length - 1));
  const image = images[index];
  const move = (step: number) => setIndex((i) => (i + step + images.length) % images.length);
  if (!image) return null;
  return (
    <Dialog id="chat-image-slider" open onClose={onClose} title={image.originalname} width={900}>
      <div
        class="flex items-center gap-2"
        data-testid="chat-slider"
        onKeyDown={(e) => {
          if (e.key === "ArrowLeft") move(-1);
          if (e.key === "ArrowRight") move(1);
        }}
      >
        <button
          type="button"
          class="icon-button"
          aria-label={t("chat.previous")}
          disabled={images.length < 2}
          onClick={() => move(-1)}
        >
          ‹
        </button>
        <img
          src={image.address}
          alt={image.originalname}
          class="max-h-[70vh] min-w-0 flex-1 object-contain"
        />
        <button
          type="button"
          class="icon-button"
          aria-label={t("chat.next")}
          disabled={images.length < 2}
          onClick={() => move(1)}
        >
          ›
        </button>
      </div>
      <p class="mt-2 text-center text-xs text-gray-500">{index + 1} / {images.length}</p>
    </Dialog>
  );
}
