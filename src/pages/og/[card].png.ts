// The social card of each public page (1200×630 PNG), drawn once when the site builds.
import type { APIRoute, GetStaticPaths } from 'astro';
import { renderSocialCard } from '../../lib/seo-card-render';
import { socialCards, type SocialCard } from '../../lib/seo-cards';
import { getSettings } from '../../lib/site-content';

export const getStaticPaths = (async () => {
  const cards = await socialCards();
  return cards.map((card) => ({ params: { card: card.slug }, props: { card } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ card: SocialCard }> = async ({ props }) => {
  const settings = await getSettings();
  const png = await renderSocialCard({
    brand: settings.brandName,
    heading: props.card.heading,
    tagline: settings.tagline,
    illustration: Buffer.from(props.card.svg),
  });
  return new Response(new Uint8Array(png), { headers: { 'Content-Type': 'image/png' } });
};
