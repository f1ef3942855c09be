// The owner's desk as an app of its own (linked only from src/layouts/DeskLayout.astro): added to a phone's home
// screen it opens /admin full screen, and links out of /admin (back to the site) leave the app's scope.
import type { APIRoute } from 'astro';
import { getEntry } from 'astro:content';
import { getSettings } from '../lib/site-content';
import { deskAppName, manifestResponse, webManifest } from '../lib/web-manifest';

export const GET: APIRoute = async () => {
  const settings = await getSettings();
  const desk = await getEntry('desk', 'desk');
  if (!desk) throw new Error('content/desk.json must define a "desk" entry');
  return manifestResponse(
    webManifest({
      name: deskAppName(settings),
      short_name: deskAppName({ brandName: settings.shortName }),
      description: desk.data.description,
      start_url: '/admin',
      scope: '/admin',
      display: 'standalone',
    }),
  );
};
