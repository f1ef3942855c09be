import type { Config } from '@netlify/functions';
import * as v from 'valibot';
import { BlockSchema } from '../../src/schemas/owner';
import { blockSlots } from '../lib/bookings/blocks';
import { releaseByOwner } from '../lib/bookings/release';
import { readJsonBody } from '../lib/http/body';
import { reply, replyError, replyInvalid } from '../lib/http/reply';
import { isUuid, ownerEndpoint } from '../lib/owner/endpoint';

/**
 * POST /api/admin/blocks { date, timeSlot } holds a slot (or with `all` the whole day) for the owner: 201 { blocks },
 * or 409 slot_taken naming the held slots and blocking nothing. DELETE /api/admin/blocks/{id} lifts (releases) a
 * block; 409 already_lifted when it was.
 */
export default ownerEndpoint('admin-blocks', {
  POST: async (req, { db, params, session }) => {
    if (params.id !== undefined) return replyError(404, 'not_found', 'Send new blocks to /api/admin/blocks.');
    const body = await readJsonBody(req);
    if (!body.ok) return body.response;
    const block = v.safeParse(BlockSchema, body.value);
    if (!block.success) return replyInvalid(block.issues);
    const result = await blockSlots(db, block.output, session.user.username);
    if (result.outcome === 'taken') {
      const message = `Already held, nothing was blocked: ${result.held.join(', ')}.`;
      return replyError(409, 'slot_taken', message, { fields: { timeSlot: message } });
    }
    return reply(201, { blocks: result.blocks });
  },
  DELETE: async (_req, { db, now, params, session }) => {
    const id = params.id ?? '';
    const result = isUuid(id)
      ? await releaseByOwner(db, { id, kind: 'block', username: session.user.username, now })
      : { outcome: 'not_found' as const };
    if (result.outcome === 'not_found') return replyError(404, 'not_found', 'There is no block with that id.');
    if (result.outcome === 'already_released') return replyError(409, 'already_lifted', 'That block was already lifted.');
    return reply(200, { block: result.booking });
  },
});

export const config: Config = { path: ['/api/admin/blocks', '/api/admin/blocks/:id'] };
