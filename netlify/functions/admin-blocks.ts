import type { Config } from '@netlify/functions';
import * as v from 'valibot';
import { texasToday } from '@shared/texas-time';
import { createBlockSchema } from '@shared/schemas/owner';
import { refused } from '@shared/result';
import { blockSlots } from '../lib/bookings/blocks';
import { listBlocks } from '../lib/bookings/read';
import { liftBlock } from '../lib/bookings/release';
import { readJsonBody } from '../lib/http/body';
import { reply, replyError, replyInvalid } from '../lib/http/reply';
import { replyRefusal } from '../lib/http/refusal';
import { isUuid, ownerEndpoint } from '../lib/owner/endpoint';

/**
 * GET /api/admin/blocks: the blocks still held from today (Texas) on, one entry per block. POST /api/admin/blocks
 * { from, to?, timeSlot, note? } blocks a slot (or with `all` every slot) of every day of the range as one block
 * (from today in Texas to the last bookable day; the old { date, timeSlot } is one day, never beside a range):
 * 201 { block }, or 409 slot_taken naming every held slot and blocking nothing. DELETE /api/admin/blocks/{id} lifts
 * the whole block; 409 already_lifted when it was.
 */
export default ownerEndpoint('admin-blocks', {
  GET: async (_req, { db, now, params }) => {
    if (params.id !== undefined) return replyError(404, 'not_found', 'The blocks are listed at /api/admin/blocks.');
    return reply(200, { blocks: await listBlocks(db, texasToday(now)) });
  },
  POST: async (req, { db, now, params, session }) => {
    if (params.id !== undefined) return replyError(404, 'not_found', 'Send new blocks to /api/admin/blocks.');
    const body = await readJsonBody(req);
    if (!body.ok) return replyRefusal(body);
    const block = v.safeParse(createBlockSchema(() => now), body.value);
    if (!block.success) return replyInvalid(block.issues);
    const result = await blockSlots(db, block.output, session.user.username);
    // A refusal names every held slot (`held`), its message the first few.
    return result.ok ? reply(201, { block: result.value }) : replyRefusal(result);
  },
  DELETE: async (_req, { db, now, params, session }) => {
    const id = params.id ?? '';
    const result = isUuid(id) ? await liftBlock(db, { id, username: session.user.username, now }) : refused('not_found');
    if (!result.ok) return replyRefusal(result, { not_found: 'There is no block with that id.' });
    return reply(200, { block: result.value });
  },
});

export const config: Config = { path: ['/api/admin/blocks', '/api/admin/blocks/:id'] };
