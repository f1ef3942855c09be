import { defineCollection } from 'astro:content';
import { file } from 'astro/loaders';
import { barPlannerContentSchema } from './content-schemas/bar-planner';
import { cancelSchema } from './content-schemas/cancel';
import { deskCopySchema } from './content-schemas/desk';
import { formsSchema } from './content-schemas/forms';
import {
  cocktailSchema,
  faqGroupSchema,
  highlightSchema,
  packageSchema,
  pageSchema,
  statSchema,
  testimonialSchema,
  valueSchema,
} from './content-schemas/pages';
import { pricesSchema } from './content-schemas/prices';
import { settingsSchema } from './content-schemas/settings';

// The collections only: each one's schema lives in src/content-schemas/, and the build refuses a file it rejects.

/** A file() loader for a JSON array that records each entry's position, so pages can keep the file's order. */
function orderedFile(path: string) {
  return file(path, {
    parser: (text) => (JSON.parse(text) as Array<Record<string, unknown>>).map((item, position) => ({ ...item, position })),
  });
}

/** Every collection of content/, by name. */
export const collections = {
  settings: defineCollection({ loader: file('content/settings.json'), schema: settingsSchema }),
  pages: defineCollection({ loader: file('content/pages.json'), schema: pageSchema }),
  forms: defineCollection({ loader: file('content/forms.json'), schema: formsSchema }),
  desk: defineCollection({ loader: file('content/desk.json'), schema: deskCopySchema }),
  cancel: defineCollection({ loader: file('content/cancel.json'), schema: cancelSchema }),
  prices: defineCollection({ loader: file('content/prices.json'), schema: pricesSchema }),
  barPlanner: defineCollection({ loader: file('content/bar-planner.json'), schema: barPlannerContentSchema }),
  highlights: defineCollection({ loader: orderedFile('content/highlights.json'), schema: highlightSchema }),
  testimonials: defineCollection({ loader: orderedFile('content/testimonials.json'), schema: testimonialSchema }),
  values: defineCollection({ loader: orderedFile('content/values.json'), schema: valueSchema }),
  stats: defineCollection({ loader: orderedFile('content/stats.json'), schema: statSchema }),
  packages: defineCollection({ loader: orderedFile('content/packages.json'), schema: packageSchema }),
  cocktails: defineCollection({ loader: orderedFile('content/cocktails.json'), schema: cocktailSchema }),
  faq: defineCollection({ loader: orderedFile('content/faq.json'), schema: faqGroupSchema }),
};
