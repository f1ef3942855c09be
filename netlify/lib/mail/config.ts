import addressparser from 'nodemailer/lib/addressparser';
import * as v from 'valibot';
import settings from '@content/settings.json' with { type: 'json' };
import { emailAddress } from '@shared/schemas/fields';
import { ConfigError, serviceUrl } from '../env';

/** A mailbox as nodemailer takes it: never joined into a header string by us. */
export type MailAddress = { name: string; address: string };

/** The e-mail settings, read from the environment (docs/email.md, "Settings"). */
export type MailConfig = {
  /** smtp:// or smtps:// URL of the mail server (SMTP_URL); undefined: messages wait in the outbox. */
  smtpUrl: string | undefined;
  /** The sender of every message (MAIL_FROM), on a domain the provider has verified. */
  from: MailAddress;
  /** Where the owner's notifications go (OWNER_EMAIL, default the site e-mail in settings.json). */
  owner: MailAddress;
  /** The public site's origin for links, without a trailing slash (SITE_URL, else Netlify's URL). */
  siteUrl: string;
  /** The site's host name: Message-IDs and calendar UIDs end in @ this. */
  siteHost: string;
  /** Whether this is Netlify's production deploy (isProductionDeploy): there SMTP_URL and MAIL_FROM are required. */
  production: boolean;
};

/** The mail settings are unusable: an operator's problem (the write endpoints answer 503 rather than lose mail). */
export class MailConfigError extends ConfigError {
  override name = 'MailConfigError';
}

const DEFAULT_SITE_URL = 'http://localhost:8888';
const AddressSchema = emailAddress('missing');
// Control characters (CR, LF, tab, ...), format characters and line/paragraph separators have no place in a header.
const UNSAFE_HEADER_TEXT = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

let cached: { key: string; config: MailConfig } | undefined;

function parseMailbox(name: string, value: string): MailAddress {
  if (UNSAFE_HEADER_TEXT.test(value)) throw new MailConfigError(name, 'holds a control character.');
  const parsed = addressparser(value, { flatten: true });
  const mailbox = parsed.length === 1 ? parsed[0] : undefined;
  if (!mailbox?.address || !v.is(AddressSchema, mailbox.address)) {
    throw new MailConfigError(name, 'must be one e-mail address, optionally with a name: "Name <you@example.com>".');
  }
  return { name: mailbox.name ?? '', address: mailbox.address };
}

function validate(env: NodeJS.ProcessEnv, production: boolean): MailConfig {
  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  if (smtpUrl) serviceUrl('SMTP_URL', smtpUrl, ['smtp:', 'smtps:'], MailConfigError);
  const brand = settings.site.brandName;
  const owner = parseMailbox('OWNER_EMAIL', env.OWNER_EMAIL?.trim() || settings.site.email);
  // The site's own address is a placeholder and not on a domain a mail provider verified: production names a sender.
  if (production && !env.MAIL_FROM?.trim()) {
    throw new MailConfigError('MAIL_FROM', 'is not set; production mail needs a sender on a domain the provider verified.');
  }
  const from = parseMailbox('MAIL_FROM', env.MAIL_FROM?.trim() || settings.site.email);
  const siteVariable = env.SITE_URL?.trim() ? 'SITE_URL' : 'URL';
  const rawSite = env.SITE_URL?.trim() || env.URL?.trim() || DEFAULT_SITE_URL;
  let site: URL;
  try {
    site = new URL(rawSite);
  } catch {
    throw new MailConfigError(siteVariable, 'is not a valid URL.');
  }
  if (site.protocol !== 'https:' && site.protocol !== 'http:') {
    throw new MailConfigError(siteVariable, 'must start with https:// (or http:// for a local run).');
  }
  return {
    smtpUrl,
    from: { name: from.name || brand, address: from.address },
    owner: { name: owner.name || brand, address: owner.address },
    siteUrl: site.origin,
    siteHost: site.hostname,
    production,
  };
}

/**
 * Whether the code runs in Netlify's production deploy: the deploy context of the request being served (Netlify
 * hands it to functions as `Netlify.context`, not as an environment variable), else CONTEXT (set in Netlify's
 * builds, and by hand for a rehearsal). `netlify dev` says "dev", deploy previews "deploy-preview".
 */
export function isProductionDeploy(env: NodeJS.ProcessEnv = process.env): boolean {
  const netlify = (globalThis as { Netlify?: { context?: { deploy?: { context?: string } } | null } }).Netlify;
  return (netlify?.context?.deploy?.context ?? env.CONTEXT) === 'production';
}

/** SMTP_URL is unset where mail must go out (production): the messages wait in the outbox until it is set. */
export function missingSmtpUrl(): MailConfigError {
  return new MailConfigError('SMTP_URL', 'is not set in production: no e-mail is sent, every message waits in the outbox.');
}

/**
 * The mail settings from SMTP_URL, MAIL_FROM, OWNER_EMAIL and SITE_URL (or Netlify's URL), read when first needed
 * and validated once per distinct value. Throws MailConfigError when they are unusable; in production
 * (isProductionDeploy) also when MAIL_FROM is unset. A missing SMTP_URL is not an error here: the writes go on and
 * the sender reports it (missingSmtpUrl).
 */
export function mailConfig(env: NodeJS.ProcessEnv = process.env): MailConfig {
  const production = isProductionDeploy(env);
  const names = ['SMTP_URL', 'MAIL_FROM', 'OWNER_EMAIL', 'SITE_URL', 'URL'];
  const key = [...names.map((name) => env[name] ?? ''), String(production)].join('\n');
  if (cached?.key !== key) cached = { key, config: validate(env, production) };
  return cached.config;
}
