// @vitest-environment jsdom
import { describe, expect, test } from 'vitest';
import { content, hrefOfLink, loadPage, textOf } from './dist';

const main = (route: string) => loadPage(route).querySelector('main')!;
const headings = (scope: ParentNode, selector: string) => [...scope.querySelectorAll(selector)].map((h) => textOf(h));

describe('Home (/)', () => {
  test('hero has a headline and the two buttons', () => {
    const page = main('/');
    expect(textOf(page.querySelector('h1'))).not.toBe('');
    expect(hrefOfLink(page, 'View Services')).toBe('/services');
    expect(hrefOfLink(page, 'Book Now')).toBe('/contact');
  });

  test('hero illustration loads eagerly with a description', () => {
    const hero = main('/').querySelector('img')!;
    expect(hero.getAttribute('loading')).toBe('eager');
    expect(hero.getAttribute('alt')).toMatch(/horse trailer/i);
  });

  test('intro shows the three highlights in order', () => {
    expect(headings(main('/'), 'h3').slice(0, 3)).toEqual(['Premium Cocktails', 'Mobile Service', '5-Star Experience']);
  });

  test('testimonials show three identical 5-star placeholder cards', () => {
    const cards = [...main('/').querySelectorAll('figure')];
    expect(cards).toHaveLength(3);
    for (const card of cards) {
      expect(card.querySelector('[aria-label="5 out of 5 stars"]')).not.toBeNull();
      expect(textOf(card.querySelector('blockquote'))).toContain('This could be you!');
      expect(textOf(card.querySelector('figcaption'))).not.toBe('');
    }
    expect(new Set(cards.map((card) => textOf(card))).size).toBe(1);
  });
});

describe('About (/about)', () => {
  test('is titled "Our Story" and tells the founding story', () => {
    const doc = loadPage('/about');
    expect(textOf(doc.querySelector('h1'))).toBe('Our Story');
    expect(doc.title).toContain('Our Story');
    const text = textOf(doc.querySelector('main'));
    for (const fact of [/founded in 2024/i, /first-generation Texan/i, /hospitality/i, /vintage horse trailer/i, /hundreds of events/i]) {
      expect(text).toMatch(fact);
    }
  });

  test('lists the three values', () => {
    expect(headings(main('/about'), 'h3')).toEqual(['Authentic Hospitality', 'Quality Craftsmanship', 'Texas Spirit']);
  });
});

describe('Services (/services)', () => {
  test('shows the four stats', () => {
    const stats = [...main('/services').querySelectorAll('dl dd')].map((dd) => textOf(dd));
    expect(stats).toEqual(['350+', '12+', '5-Star', '100%']);
    const labels = [...main('/services').querySelectorAll('dl dt')].map((dt) => textOf(dt).toLowerCase());
    expect(labels).toEqual([
      expect.stringContaining('events'),
      expect.stringContaining('cocktails'),
      expect.stringContaining('rating'),
      expect.stringContaining('satisfaction'),
    ]);
  });

  test.each([
    ['Wedding Packages', 'Get Wedding Quote'],
    ['Private Events', 'Plan Your Event'],
    ['Corporate Events', 'Corporate Inquiry'],
  ])('%s has a description, an image, features and "%s" to /contact', (title, button) => {
    const card = [...main('/services').querySelectorAll('article')].find((a) => textOf(a.querySelector('h3')) === title);
    expect(card, title).toBeDefined();
    expect(textOf(card!.querySelector('p')).length).toBeGreaterThan(40);
    expect(card!.querySelector('img')?.getAttribute('alt')).toBeTruthy();
    expect(card!.querySelectorAll('ul li').length).toBeGreaterThanOrEqual(3);
    expect(hrefOfLink(card!, button)).toBe('/contact');
  });

  test('packages appear in the order of the spec', () => {
    expect(headings(main('/services'), 'article h3')).toEqual(['Wedding Packages', 'Private Events', 'Corporate Events']);
  });
});

describe('Menu (/menu)', () => {
  const COCKTAILS = [
    ["Cowboy's Old Fashioned", 'Bourbon Base'],
    ['Lone Star Rita', 'Tequila Base'],
    ['True Texas Ranch Water', 'Light & Refreshing'],
    ['Buckaroo Smash', 'Whiskey & Mint'],
    ['Texas Mule', 'Spicy & Bold'],
    ['Sunset Sangria', 'Wine Based'],
  ];

  test('is titled "Signature Cocktails"', () => {
    expect(textOf(loadPage('/menu').querySelector('h1'))).toBe('Signature Cocktails');
  });

  test('shows the six cocktails with their type labels, descriptions and images, in order', () => {
    const cards = [...main('/menu').querySelectorAll('article')];
    expect(cards.map((card) => [textOf(card.querySelector('h3')), textOf(card.querySelector('.cocktail__type'))])).toEqual(COCKTAILS);
    for (const card of cards) {
      expect(textOf(card.querySelector('.cocktail__description')).length).toBeGreaterThan(30);
      expect(card.querySelector('img')?.getAttribute('alt')).toBeTruthy();
    }
  });

  test('has a custom cocktail section with a button to /contact', () => {
    const page = main('/menu');
    const section = [...page.querySelectorAll('section')].find((s) => /custom cocktail/i.test(textOf(s.querySelector('h2'))));
    expect(section).toBeDefined();
    expect(section!.querySelector('a.btn')?.getAttribute('href')).toBe('/contact');
  });
});

describe('FAQ (/faq)', () => {
  interface Group {
    title: string;
    items: Array<{ question: string; answer: string }>;
  }
  const groups = content<Group[]>('faq');

  test('has the three groups of three questions', () => {
    const page = main('/faq');
    expect(headings(page, '.faq-group h2')).toEqual(['Service Questions', 'Pricing & Packages', 'Event Planning']);
    for (const group of page.querySelectorAll('.faq-group')) expect(group.querySelectorAll('details')).toHaveLength(3);
  });

  test('every question and answer is in the static HTML, all closed, ready for a visitor without JavaScript', () => {
    const page = main('/faq');
    for (const group of groups) {
      for (const item of group.items) {
        const details = [...page.querySelectorAll('details')].find((d) => textOf(d.querySelector('summary')) === item.question);
        expect(details, item.question).toBeDefined();
        expect(textOf(details)).toContain(item.answer);
        expect(details!.hasAttribute('open')).toBe(false);
        expect(details!.getAttribute('name')).toBe('faq');
      }
    }
  });

  test('states the business facts', () => {
    const text = textOf(main('/faq'));
    for (const fact of [
      /all of Texas/i,
      /4-6 weeks/,
      /April through October/,
      /minimum service fee equivalent to 25 guests/,
      /30-200 guests/,
      /bartenders, setup, glassware, ice, mixers, garnishes, breakdown and liability insurance/,
      /premium packages include the alcohol/i,
      /supply your own alcohol/i,
    ]) {
      expect(text).toMatch(fact);
    }
  });

  test('the accordion hydrates when it scrolls into view', () => {
    const island = loadPage('/faq').querySelector('astro-island[component-url*="FaqAccordion"]');
    expect(island?.getAttribute('client')).toBe('visible');
  });
});

describe('Not found (/404)', () => {
  test('is titled "404 Page Not Found" and asks whether the page was forgotten in the router', () => {
    const doc = loadPage('/404');
    expect(doc.title).toContain('404 Page Not Found');
    expect(textOf(doc.querySelector('h1'))).toBe('404 Page Not Found');
    expect(textOf(doc.querySelector('main'))).toMatch(/forget to add the page to the router\?/i);
    expect(doc.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    expect(hrefOfLink(doc.querySelector('main')!, 'Back to Home')).toBe('/');
  });
});
