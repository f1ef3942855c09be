import { describe, expect, test } from 'vitest';
import { breadcrumbs, faqPage, graph, localBusiness, openingHours, parseClock, parseDays, serializeJsonLd } from './seo-jsonld';

const SITE = 'https://bar.example/';

/** The text of a JSON-LD block as an HTML parser sees it: everything up to the first `</script`. */
function scriptText(json: string): string {
  const html = `<script type="application/ld+json">${json}</script><p>after</p>`;
  const start = html.indexOf('>') + 1;
  return html.slice(start, html.toLowerCase().indexOf('</script', start));
}

describe('serializeJsonLd', () => {
  const hostile = {
    name: 'Tom\'s "Best" Bar </script><script>alert(1)</script>',
    note: '<!-- <script> a < b && c > d \u2028 \u2029 </SCRIPT >',
  };

  test('the element cannot be closed or commented out by copy', () => {
    const json = serializeJsonLd(hostile);
    expect(json).not.toMatch(/[<>]/);
    expect(json).not.toMatch(/<\/script/i);
    expect(scriptText(json)).toBe(json);
  });

  test('parses back to exactly the same data', () => {
    expect(JSON.parse(scriptText(serializeJsonLd(hostile)))).toEqual(hostile);
  });
});

describe('parseDays', () => {
  test.each([
    ['Monday - Friday', ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']],
    ['Saturday', ['Saturday']],
    ['saturday – sunday', ['Saturday', 'Sunday']],
  ])('%s', (days, expected) => {
    expect(parseDays(days)).toEqual(expected);
  });

  test.each([['Weekdays'], ['Friday - Monday'], ['Monday - Wednesday - Friday']])('refuses %s', (days) => {
    expect(() => parseDays(days)).toThrow(/businessHours/);
  });
});

describe('parseClock', () => {
  test.each([
    ['9:00 AM', '09:00'],
    ['6:00 PM', '18:00'],
    ['12:00 PM', '12:00'],
    ['12:30 AM', '00:30'],
    ['10 am', '10:00'],
    ['13:00 PM', null],
    ['noon', null],
  ])('%s -> %s', (text, expected) => {
    expect(parseClock(text)).toBe(expected);
  });
});

describe('openingHours', () => {
  test('turns each row with a time range into a specification and skips "By appointment"', () => {
    expect(
      openingHours([
        { days: 'Monday - Friday', hours: '9:00 AM - 6:00 PM' },
        { days: 'Saturday', hours: '10:00 AM - 4:00 PM' },
        { days: 'Sunday', hours: 'By appointment' },
      ]),
    ).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '09:00', closes: '18:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '10:00', closes: '16:00' },
    ]);
  });

  test('fails the build for a range it cannot read instead of publishing wrong hours', () => {
    expect(() => openingHours([{ days: 'Monday', hours: '9 - 5ish' }])).toThrow(/businessHours/);
  });
});

const facts = {
  brandName: 'Bar & Co',
  phone: '(512) 555-0142',
  email: 'howdy@example.com',
  state: 'Texas',
  primaryAreas: ['Austin', 'Dallas'],
  businessHours: [{ days: 'Saturday', hours: '10:00 AM - 4:00 PM' }],
  footer: { blurb: 'Cocktails </script> everywhere.' },
  nav: {
    links: [
      { label: 'Home', href: '/' },
      { label: 'Menu', href: '/menu' },
    ],
    cta: { label: 'Contact', href: '/contact' },
  },
};

describe('localBusiness', () => {
  test('carries the business facts with absolute addresses', () => {
    const node = localBusiness(facts, SITE, { logo: '/icon-512.png', image: '/og/home.png' }) as unknown as Record<string, unknown>;
    expect(node).toMatchObject({
      '@type': 'LocalBusiness',
      '@id': 'https://bar.example/#business',
      name: 'Bar & Co',
      description: 'Cocktails </script> everywhere.',
      url: 'https://bar.example/',
      telephone: '+15125550142',
      email: 'howdy@example.com',
      logo: 'https://bar.example/icon-512.png',
      image: 'https://bar.example/og/home.png',
    });
    expect(node.areaServed).toEqual([
      { '@type': 'State', name: 'Texas' },
      { '@type': 'City', name: 'Austin', containedInPlace: { '@type': 'State', name: 'Texas' } },
      { '@type': 'City', name: 'Dallas', containedInPlace: { '@type': 'State', name: 'Texas' } },
    ]);
  });
});

describe('breadcrumbs', () => {
  test('names Home and the page from the navigation, the call to action included', () => {
    expect(breadcrumbs('/contact', facts.nav, SITE)).toEqual({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://bar.example/' },
        { '@type': 'ListItem', position: 2, name: 'Contact', item: 'https://bar.example/contact' },
      ],
    });
  });

  test.each([['/'], ['/404'], ['/admin']])('none for %s', (path) => {
    expect(breadcrumbs(path, facts.nav, SITE)).toBeNull();
  });
});

describe('faqPage', () => {
  test('lists every question of every group in order', () => {
    const node = faqPage(
      [
        { items: [{ question: 'Q1?', answer: 'A1' }] },
        { items: [{ question: 'Q2 <b>?', answer: 'A2' }, { question: 'Q3?', answer: 'A3' }] },
      ],
      SITE,
    ) as unknown as { mainEntity: Array<{ name: string; acceptedAnswer: { text: string } }> };
    expect(node.mainEntity.map((q) => [q.name, q.acceptedAnswer.text])).toEqual([
      ['Q1?', 'A1'],
      ['Q2 <b>?', 'A2'],
      ['Q3?', 'A3'],
    ]);
  });
});

describe('graph', () => {
  test('drops missing nodes and carries the schema.org context', () => {
    expect(graph([null, { '@type': 'Thing', name: 'x' }])).toEqual({ '@context': 'https://schema.org', '@graph': [{ '@type': 'Thing', name: 'x' }] });
  });
});
