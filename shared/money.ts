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
