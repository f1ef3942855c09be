// Browser-safe: the contact page recognises a plan message in its address with these (docs/site.md, "Islands"). Apart
// from the planner's module, so /contact does not load the planner's arithmetic.
import type { PlannerRules } from './bar-planner';

/** The planner's words the contact page needs to recognise a plan message: its frame, the cocktail's and the bartenders'. */
export type PlanMessageCopy = Pick<PlannerRules['copy'], 'message' | 'cocktail' | 'bartenders'>;

/** The longest plan message the contact page takes from an address (the planner's longest is well under: tested). */
export const MAX_PLAN_MESSAGE_LENGTH = 600;

// A count, and a name or unit as the content writes them: letters, digits, spaces and , ' ’ ( ) & / -, never a
// sentence's end or a list's separator (. : ;), so a free part cannot hold a second sentence.
const COUNT = '\\d{1,6}';
const NAME = "[\\p{L}\\p{N}][\\p{L}\\p{N} ,'’()&/-]{0,79}";

/** `template` as a pattern: its text literal, each {name} the pattern given for it. */
function templatePattern(template: string, parts: Record<string, string>): string {
  return template
    .split(/(\{\w+\})/)
    .map((piece) => {
      const name = /^\{(\w+)\}$/.exec(piece)?.[1];
      return name !== undefined && name in parts ? `(?:${parts[name]})` : piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
}

/** The shape of every message `planMessage` writes with `copy`. */
function planMessagePattern(copy: PlanMessageCopy): RegExp {
  const line = `${NAME}: ${COUNT} ${NAME}`;
  const bartenders = [copy.bartenders.one, copy.bartenders.other].map((words) => templatePattern(words, { count: COUNT }));
  return new RegExp(
    `^${templatePattern(copy.message, {
      guests: COUNT,
      hours: COUNT,
      mix: `${NAME}|${templatePattern(copy.cocktail, { name: NAME })}`,
      drinks: COUNT,
      lines: `${line}(?:; ${line}){0,29}`,
      bartenders: bartenders.join('|'),
    })}$`,
    'u',
  );
}

/**
 * The plan message an address brought (`/contact?message=`), as the contact form may show it: runs of spaces and
 * line breaks collapsed to one space (the planner writes one paragraph), at most MAX_PLAN_MESSAGE_LENGTH characters,
 * and in the shape `planMessage` writes. Anything else is undefined: the form is not filled with a stranger's text.
 */
export function readPlanMessage(text: string, copy: PlanMessageCopy): string | undefined {
  const collapsed = text.replace(/\s+/g, ' ').trim();
  if (collapsed.length === 0 || collapsed.length > MAX_PLAN_MESSAGE_LENGTH) return undefined;
  return planMessagePattern(copy).test(collapsed) ? collapsed : undefined;
}
