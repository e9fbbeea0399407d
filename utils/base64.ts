/** Files sent inside JSON (applicationSubmit's documents, an announcement's attachments) arrive as base64. */

/** The bytes of base64 text (whitespace ignored); null when the text is not base64. */
export function decodeBase64Text(base64: string): Uint8Array | null {
  const text = base64.replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return null;
  return Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));
}
