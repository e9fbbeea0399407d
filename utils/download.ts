/**
 * Downloads a same-origin file (an export) through fetch, so that the page can show its progress, then saves it
 * under the name the server gave it. A refusal carries the server's translated message (the error shape of
 * ARCHITECTURE §7) as an ApiError, like every other API call.
 */
import { ApiError } from "./api_client.ts";

/** `onProgress` gets 0–100 once the size is known, else null (the bar is then indeterminate). */
export async function downloadFile(
  href: string,
  fallbackName: string,
  failedMessage: string,
  onProgress: (percent: number | null) => void,
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(href, { credentials: "same-origin" });
  } catch {
    throw new ApiError(0, "network", failedMessage);
  }
  if (!response.ok || !response.body) {
    const body = await response.json().catch(() => null) as
      | { error?: { code?: string; message?: string } }
      | null;
    throw new ApiError(
      response.status,
      body?.error?.code ?? "download",
      body?.error?.message ?? failedMessage,
    );
  }
  const size = Number(response.headers.get("content-length")) || 0;
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress(size ? Math.min(100, (received / size) * 100) : null);
  }
  const disposition = response.headers.get("content-disposition") ?? "";
  const name = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1] ??
    /filename="([^"]+)"/.exec(disposition)?.[1];
  const type = response.headers.get("content-type") ?? "application/octet-stream";
  const url = URL.createObjectURL(new Blob(chunks as BlobPart[], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name ? decodeURIComponent(name) : fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The message to show for a failed download: the server's, or `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}
