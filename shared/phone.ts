/** The `tel:` URL of a US phone number written for people, e.g. "(512) 555-0142" -> "tel:+15125550142". */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `tel:+${digits.length === 10 ? `1${digits}` : digits}`;
}
