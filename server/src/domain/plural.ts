/** "1 second", "2 seconds": a count with its unit in the right number (messages players read). */
export function countOf(count: number, unit: string, plural = `${unit}s`): string {
  return `${count} ${count === 1 ? unit : plural}`;
}
