import type { Config } from '@netlify/functions';
import type { OwnerMailStatus } from '@shared/schemas/owner';
import { reply, replyError } from '../lib/http/reply';
import { mailConfig } from '../lib/mail/config';
import { countMessages, listFailedMessages, retryFailedMessages } from '../lib/mail/outbox/report';
import { recordAudit } from '../lib/audit/log';
import { isUuid, ownerEndpoint } from '../lib/owner/endpoint';

/**
 * GET /api/admin/mail: the outbox's counts, the messages it gave up on (newest first, at most 100), and whether a
 * mail server is set at all (smtpConfigured: without SMTP_URL every message waits).
 * POST /api/admin/mail/{id}/retry puts one failed message back in line: the next send (right away through the
 * scheduled outbox-send, within 5 minutes) tries it again from its first attempt; a message whose body was dropped
 * (a failed confirmation held the client's cancel link) cannot be, and answers 404 like an unknown id.
 */
export default ownerEndpoint('admin-mail', {
  GET: async (_req, { db, params }) => {
    if (params.id !== undefined) return replyError(404, 'not_found', 'Read the outbox at /api/admin/mail.');
    const counts = await countMessages(db);
    const failed = (await listFailedMessages(db)).map((message) => ({
      id: message.id,
      kind: message.kind,
      to: message.to.map((recipient) => recipient.address),
      subject: message.subject,
      attempts: message.attempts,
      lastError: message.lastError,
      createdAt: message.createdAt,
      resendable: message.resendable,
    }));
    const smtpConfigured = mailConfig().smtpUrl !== undefined;
    return reply(200, { counts, failed, smtpConfigured } satisfies OwnerMailStatus);
  },
  POST: async (_req, { db, params, session }) => {
    const id = params.id ?? '';
    if (!isUuid(id) || (await retryFailedMessages(db, [id])) === 0) {
      return replyError(404, 'not_found', 'There is no failed message with that id that can be sent again.');
    }
    await recordAudit(db, { actor: session.user.username, action: 'mail_retried', target: id });
    return reply(200, { retried: id });
  },
});

export const config: Config = { path: ['/api/admin/mail', '/api/admin/mail/:id/retry'] };
