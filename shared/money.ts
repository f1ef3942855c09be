const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** Whole cents as dollars: 576000 → "$5,760.00", -1500 → "-$15.00". */
export function formatCents(cents: number): string {
  return dollars.format(cents / 100);
}

/** Whole cents as dollars without cents when there are none: 45000 → "$450", 45050 → "$450.50". */
export function formatPrice(cents: number): string {
  return cents % 100 === 0 ? wholeDollars.format(cents / 100) : formatCents(cents);
}

/** Whole cents as a plain decimal number of dollars, for a spreadsheet: 576050 → "5760.50", -1500 → "-15.00". */
export function centsAsDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(cents);
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}
