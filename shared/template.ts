/** Fills each `{name}` of a copy template with its value ("{count} time slots" → "2 time slots"); unknown names stay. */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => (name in values ? String(values[name]) : placeholder));
}
