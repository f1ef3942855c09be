import { workerSite } from './context';

/** A message as the local mail catcher (maildev) lists it. */
export interface CaughtMail {
  id: string;
  subject: string;
  to: Array<{ address: string; name?: string }>;
  text: string;
  html: string;
}

/** Every message the server under test has sent so far, from the mail catcher's REST API. */
export async function inbox(): Promise<CaughtMail[]> {
  const response = await fetch(`${workerSite().mail.apiUrl}/email`);
  if (!response.ok) throw new Error(`mail catcher: GET /email answered ${response.status}`);
  return (await response.json()) as CaughtMail[];
}

/** The messages to `address`, once there are at least `count` of them (waits up to `timeoutMs`). */
export async function mailTo(address: string, count = 1, timeoutMs = 30_000): Promise<CaughtMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = (await inbox()).filter((mail) => mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase()));
    if (mails.length >= count) return mails;
    if (Date.now() > deadline) {
      throw new Error(`mail catcher: ${mails.length} of ${count} message(s) to ${address} after ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The cancel link of a booking confirmation (its plain-text part), as the client would click it. */
export function cancelLinkIn(mail: CaughtMail): string {
  const link = /https?:\/\/\S+\/cancel[?#]token=[A-Za-z0-9_%-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no cancel link in "${mail.subject}"`);
  return link;
}
