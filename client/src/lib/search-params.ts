/** validateSearch helper for pages that take one optional text parameter (?q=, ?token=). */
export function optionalText<TKey extends string>(key: TKey) {
  return (search: Record<string, unknown>): { [K in TKey]?: string } => {
    const value = search[key];
    return (typeof value === 'string' && value ? { [key]: value } : {}) as { [K in TKey]?: string };
  };
}
