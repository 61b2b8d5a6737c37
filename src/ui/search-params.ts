/** validateSearch for routes that read one optional string parameter (a token, a redirect target). */
export function optionalString<K extends string>(key: K) {
  return (search: Record<string, unknown>): Partial<Record<K, string>> => {
    const value = search[key];
    return typeof value === 'string' ? ({ [key]: value } as Partial<Record<K, string>>) : {};
  };
}
