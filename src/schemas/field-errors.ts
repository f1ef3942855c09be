import type { BaseIssue } from 'valibot';

/** Per-field messages from valibot issues: the first message for each top-level field name. */
export function fieldErrors(issues: readonly BaseIssue<unknown>[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path?.[0]?.key;
    if (typeof key !== 'string' || key in fields) continue;
    fields[key] = issue.message;
  }
  return fields;
}
