/** A text taken over from an answer, made one short line: whitespace collapsed, at most 300 characters. */
export function plainText(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 300);
}
