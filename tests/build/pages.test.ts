// @vitest-environment jsdom
import { describe, expect, test } from 'vitest';
import { cocktails, faqGroups, highlights, packages, pages, stats, testimonials, values } from '../fixtures';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DIST, builtRoutes, hrefOfLink, loadPage, textOf } from './dist';
import texasZips from '@shared/texas-zips.json';
import plannerJson from '@content/bar-planner.json';
import { BUSINESS_PHONE, PRICES } from '@shared/prices';
import { formatCents, formatPrice } from '@shared/money';
import { fillTemplate } from '@shared/template';
import { priceExample, startingPrices } from '../../src/lib/price-examples';
import { clock } from '../fixtures';

const main = (route: string) => loadPage(route).querySelector('main')!;
const headings = (scope: ParentNode, selector: string) => [...scope.querySelectorAll(selector)].map((h) => textOf(h));

describe('the largest paint of a page whose first view is a picture', () => {
  test.each(['/', '/menu'])('%s asks for its high-priority picture first in the head, ahead of the font', (route) => {
    const page = loadPage(route);
    const picture = page.querySelector('main img[fetchpriority="high"]')!;
    const preloads = [...page.head.querySelectorAll('link[rel="preload"]')];
    expect(preloads[0]?.getAttribute('as')).toBe('image');
    expect(preloads[0]?.getAttribute('href')).toBe(picture.getAttribute('src'));
    expect(preloads.map((link) => link.getAttribute('as'))).toEqual(['image', 'font']);
  });

  test('a page without one preloads only its font', () => {
    expect([...loadPage('/about').head.querySelectorAll('link[rel="preload"]')].map((link) => link.getAttribute('as'))).toEqual(['font']);
  });
});

describe('Home (/)', () => {
  const copy = pages.home;

  test('hero has the headline and the two buttons of the content', () => {
    const page = main('/');
    expect(textOf(page.querySelector('h1'))).toBe(copy.heading);
    expect(hrefOfLink(page, copy.primaryCta.label)).toBe(copy.primaryCta.href);
    expect(hrefOfLink(page, copy.secondaryCta.label)).toBe(copy.secondaryCta.href);
  });

  test('hero illustration loads eagerly with its description', () => {
    const hero = main('/').querySelector('img')!;
    expect(hero.getAttribute('loading')).toBe('eager');
    expect(hero.getAttribute('alt')).toBe(copy.heroImageAlt);
  });

  test('intro shows the highlights in order', () => {
    expect(headings(main('/'), 'h3').slice(0, highlights.length)).toEqual(highlights.map((item) => item.title));
  });

  test('testimonials show one card per testimonial with its stars, quote and author', () => {
    const cards = [...main('/').querySelectorAll('figure')];
    expect(cards).toHaveLength(testimonials.length);
    for (const [index, card] of cards.entries()) {
      const testimonial = testimonials[index]!;
      expect(card.querySelector(`[aria-label="${testimonial.rating} out of 5 stars"]`)).not.toBeNull();
      expect(textOf(card.querySelector('blockquote'))).toContain(testimonial.text);
      expect(textOf(card.querySelector('figcaption'))).toContain(testimonial.author);
    }
  });
});

describe('About (/about)', () => {
  const copy = pages.about;

  test('is titled after the content and tells the whole story', () => {
    const doc = loadPage('/about');
    expect(textOf(doc.querySelector('h1'))).toBe(copy.heading);
    expect(doc.title).toContain(copy.title);
    const text = textOf(doc.querySelector('main'));
    for (const paragraph of copy.story) expect(text).toContain(paragraph);
  });

  test('lists the values in order', () => {
    expect(headings(main('/about'), 'h3')).toEqual(values.map((value) => value.title));
  });
});

describe('Services (/services)', () => {
  test('shows the stats with their labels, in order', () => {
    const page = main('/services');
    expect([...page.querySelectorAll('dl dd')].map((dd) => textOf(dd))).toEqual(stats.map((stat) => stat.value));
    expect([...page.querySelectorAll('dl dt')].map((dt) => textOf(dt))).toEqual(stats.map((stat) => stat.label));
  });

  test.each(packages.map((item) => [item.title, item] as const))(
    '%s has its description, image, features and button to its page',
    (title, item) => {
      const card = [...main('/services').querySelectorAll('article')].find((a) => textOf(a.querySelector('h3')) === title);
      expect(card, title).toBeDefined();
      expect(textOf(card!.querySelector('p'))).toBe(item.description);
      expect(card!.querySelector('img')?.getAttribute('alt')).toBe(item.imageAlt);
      expect([...card!.querySelectorAll('ul li')].map((li) => textOf(li))).toEqual(item.features);
      expect(hrefOfLink(card!, item.cta.label)).toBe(item.cta.href);
    },
  );

  test('packages appear in the order of the content', () => {
    expect(headings(main('/services'), 'article h3')).toEqual(packages.map((item) => item.title));
  });

  // Built at build time from the one pricing function: the smallest party billed, BYOB, the included hours, no travel.
  test.each(packages.map((item) => [item.title, item] as const))('%s shows its starting price and what it is for', (title, item) => {
    const card = [...main('/services').querySelectorAll('article')].find((a) => textOf(a.querySelector('h3')) === title)!;
    const starting = startingPrices(PRICES, clock.now)[item.id as keyof typeof PRICES.packages];
    const price = card.querySelector('.package__price');
    expect(textOf(price?.querySelector('strong'))).toBe(fillTemplate(pages.services.packages.from, { price: formatPrice(starting.totalCents) }));
    expect(starting.totalCents).toBe(PRICES.guests.minimumBilled * PRICES.packages[item.id as keyof typeof PRICES.packages].perGuestCents.byob);
    const note = textOf(price?.querySelector('span'));
    for (const part of [`${PRICES.guests.minimumBilled} guests`, `${PRICES.hours.included} hours`, PRICES.serviceLevels.byob.short]) {
      expect(note).toContain(part);
    }
    for (const area of Object.keys(PRICES.travel.areas)) expect(note).toContain(area);
  });

  test('the planner shows its worked example priced, before and without JavaScript, and hydrates when seen', () => {
    const page = loadPage('/services');
    const { mix: _mix, ...input } = plannerJson.planner.example;
    const { estimate } = priceExample(input, PRICES, BUSINESS_PHONE, clock.now);
    const table = [...page.querySelectorAll('table')].find((node) => textOf(node.querySelector('caption')) === plannerJson.planner.copy.price.heading);
    expect(table, 'the price table').toBeDefined();
    const lines = [...table!.querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('th, td')].map((cell) => textOf(cell)));
    expect(lines).toEqual(
      estimate.lines.map((line) => [line.label, String(line.quantity), formatCents(line.unitCents), formatCents(line.amountCents)]),
    );
    expect(textOf(table!.querySelector('tfoot'))).toContain(formatCents(estimate.totalCents));
    expect(page.querySelector('input[name="guests"]')).toHaveProperty('disabled', true);
    const island = page.querySelector('astro-island[component-url*="BarPlanner"]');
    expect(island?.getAttribute('client')).toBe('visible');
    // The island's props carry no sources and none of the ZIP table (the server prices each pause).
    expect(island?.getAttribute('props')).not.toContain('source');
  });

  test('no script the site ships holds the table of Texas ZIP codes: the island asks the server', () => {
    // Three places of the table as the bundler would write them (numbers as JSON writes them).
    const samples = Object.entries(texasZips as Record<string, number[]>)
      .filter((_entry, index) => index % 500 === 7)
      .slice(0, 3)
      .map(([zip, point]) => `${point[0]},${point[1]}`);
    const scripts = readdirSync(join(DIST, '_astro')).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const name of scripts) {
      const text = readFileSync(join(DIST, '_astro', name), 'utf8');
      for (const sample of samples) expect(text.includes(sample), `${name} holds ${sample}`).toBe(false);
    }
  });
});

describe('Menu (/menu)', () => {
  const copy = pages.menu;

  test('is titled after the content', () => {
    expect(textOf(loadPage('/menu').querySelector('h1'))).toBe(copy.heading);
  });

  test('shows every cocktail with its type label, description and image, in order', () => {
    const cards = [...main('/menu').querySelectorAll('article')];
    expect(cards.map((card) => textOf(card.querySelector('h3')))).toEqual(cocktails.map((cocktail) => cocktail.name));
    for (const [index, card] of cards.entries()) {
      const cocktail = cocktails[index]!;
      expect(textOf(card.querySelector('.cocktail__type'))).toBe(cocktail.typeLabel);
      expect(textOf(card.querySelector('.cocktail__description'))).toBe(cocktail.description);
      expect(card.querySelector('img')?.getAttribute('alt')).toBe(cocktail.imageAlt);
    }
  });

  test('has the custom cocktail section with its button', () => {
    const section = [...main('/menu').querySelectorAll('section')].find((s) => textOf(s.querySelector('h2')) === copy.custom.heading);
    expect(section).toBeDefined();
    expect(textOf(section)).toContain(copy.custom.lead);
    expect(hrefOfLink(section!, copy.custom.cta.label)).toBe(copy.custom.cta.href);
  });
});

describe('FAQ (/faq)', () => {
  test('has every group with its questions, in order', () => {
    const page = main('/faq');
    expect(headings(page, '.faq-group h2')).toEqual(faqGroups.map((group) => group.title));
    for (const [index, group] of [...page.querySelectorAll('.faq-group')].entries()) {
      expect(headings(group, 'summary')).toEqual(faqGroups[index]!.items.map((item) => item.question));
    }
  });

  test('every question and answer is in the static HTML, all closed, ready for a visitor without JavaScript', () => {
    const page = main('/faq');
    for (const group of faqGroups) {
      for (const item of group.items) {
        const details = [...page.querySelectorAll('details')].find((d) => textOf(d.querySelector('summary')) === item.question);
        expect(details, item.question).toBeDefined();
        expect(textOf(details)).toContain(item.answer);
        expect(details!.hasAttribute('open')).toBe(false);
        expect(details!.getAttribute('name')).toBe('faq');
      }
    }
  });

  test('the accordion hydrates when it scrolls into view', () => {
    const island = loadPage('/faq').querySelector('astro-island[component-url*="FaqAccordion"]');
    expect(island?.getAttribute('client')).toBe('visible');
  });
});

describe('Not found (/404)', () => {
  const copy = pages.notFound;

  test('is titled after the content, says what happened, is kept out of search and leads home', () => {
    const doc = loadPage('/404');
    expect(doc.title).toContain(copy.title);
    expect(textOf(doc.querySelector('h1'))).toBe(copy.heading);
    expect(textOf(doc.querySelector('main'))).toContain(copy.lead);
    expect(doc.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    expect(hrefOfLink(doc.querySelector('main')!, copy.cta.label)).toBe(copy.cta.href);
  });
});

// Two rules of the W3C Nu checker that an HTML parser repairs silently, so a browser never shows the fault.
// Phrasing elements that may hold no heading (a heading is flow content); `p` too, whose content is phrasing.
const PHRASING = 'span, p, a, b, i, em, strong, small, label, button, code, abbr, cite, q, s, sub, sup, time, mark, u, var, data, bdi, bdo, dfn, kbd, samp';
const headingsInPhrasing = (doc: Document) =>
  [...doc.querySelectorAll('h1, h2, h3, h4, h5, h6')]
    .filter((heading) => heading.parentElement?.closest(PHRASING))
    .map((heading) => `${heading.parentElement!.closest(PHRASING)!.tagName.toLowerCase()} > ${heading.tagName.toLowerCase()} "${textOf(heading)}"`);
const stylesInBody = (doc: Document) => [...doc.body.querySelectorAll('style')].map((style) => style.textContent);

describe('Markup the Nu checker accepts', () => {
  test('the desk page (/admin) keeps its styles in the head and its h1 out of phrasing content', () => {
    const doc = loadPage('/admin');
    expect(doc.querySelector('h1')).not.toBeNull();
    expect(stylesInBody(doc)).toEqual([]);
    expect(headingsInPhrasing(doc)).toEqual([]);
    // Astro's island style (written before the first island) is moved to the head by src/middleware.ts.
    expect([...doc.head.querySelectorAll('style')].some((style) => style.textContent?.includes('astro-island'))).toBe(true);
  });

  test.each(builtRoutes())('%s has no style element in its body and no heading inside a phrasing element', (route) => {
    const doc = loadPage(route);
    expect(stylesInBody(doc)).toEqual([]);
    expect(headingsInPhrasing(doc)).toEqual([]);
  });
});

describe('frames', () => {
  // The browser suite runs axe in each page itself (tests/e2e/support/axe.ts), which reaches no frame of another origin.
  test.each(builtRoutes())('%s holds no frame', (route) => {
    expect(loadPage(route).querySelectorAll('iframe, frame, object, embed')).toHaveLength(0);
  });
});
