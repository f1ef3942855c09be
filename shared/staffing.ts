/**
 * Bartenders for `guests`: one per `guestsPer`, never fewer than `minimum` (the price list's ratio). The planner's
 * staffing and the estimate's extra hours count with it; a module of its own, so the planner's island ships no more.
 */
export function bartendersFor(guests: number, rule: { guestsPer: number; minimum: number }): number {
  return Math.max(rule.minimum, Math.ceil(guests / rule.guestsPer));
}
