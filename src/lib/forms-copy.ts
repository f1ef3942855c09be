// Build time only: import from the contact and availability pages, never from islands.
import * as v from 'valibot';
import data from '../content/forms.json';

const text = v.pipe(v.string(), v.nonEmpty());
const pageMeta = { title: text, description: text, heading: text, lead: text, noscript: text };

/** The copy of the contact and availability pages (src/content/forms.json). */
const FormsCopySchema = v.object({
  contact: v.object({ ...pageMeta, formHeading: text, formLead: text, imageAlt: text, infoHeading: text }),
  availability: v.object({
    ...pageMeta,
    checkerHeading: text,
    checkerLead: text,
    howItWorks: v.object({
      heading: text,
      lead: text,
      steps: v.pipe(v.array(v.object({ title: text, text })), v.length(3)),
    }),
  }),
});

/** The copy of the contact and availability pages, checked when the site builds. */
export type FormsCopy = v.InferOutput<typeof FormsCopySchema>;

/** Reads src/content/forms.json, failing the build with the offending path when it does not fit its schema. */
export function getFormsCopy(): FormsCopy {
  const result = v.safeParse(FormsCopySchema, data);
  if (result.success) return result.output;
  const problems = result.issues.map((issue) => `${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`);
  throw new Error(`src/content/forms.json: ${problems.join('; ')}`);
}
