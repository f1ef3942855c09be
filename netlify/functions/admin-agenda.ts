import type { Config } from '@netlify/functions';
import { reply } from '../lib/http/reply';
import { readAgenda } from '../lib/desk/agenda';
import { ownerEndpoint } from '../lib/owner/endpoint';

/** GET /api/admin/agenda: "Today & upcoming", the desk's first view (docs/owner-desk.md). */
export default ownerEndpoint('admin-agenda', {
  GET: async (_req, { db, now }) => reply(200, await readAgenda(db, now)),
});

export const config: Config = { path: '/api/admin/agenda' };
