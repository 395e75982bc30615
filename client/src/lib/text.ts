/** 0x12345678...abcd: long addresses and hashes in tables. */
export function shorten(text: string, keep = 8): string {
  return text.length > keep * 2 + 3 ? `${text.slice(0, keep)}…${text.slice(-keep + 2)}` : text;
}
