export function formatDate(iso: string | null | undefined, withTime = false): string {
  if (!iso) return 'Never';
  const date = new Date(iso);
  return withTime
    ? date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
    : date.toLocaleDateString(undefined, { dateStyle: 'long' });
}
