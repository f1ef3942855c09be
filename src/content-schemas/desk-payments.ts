import { z } from 'astro/zod';
import { failure, template, text, toast } from './common';

/**
 * The desk's words of a signed proposal's money (src/islands/desk/payments/): paid and outstanding, the payments,
 * recording and voiding one, and the accountant's CSV (its column headings are the server's too:
 * netlify/lib/desk/payments-csv.ts).
 */
export const deskPaymentsCopy = z.object({
  heading: text,
  lead: text,
  open: text,
  paid: template('amount'),
  outstanding: template('amount'),
  paidInFull: text,
  scheduleLabel: text,
  standing: z.object({
    paid: text,
    due: template('date'),
    overdue: template('date'),
    part: template('paid', 'outstanding', 'date'),
  }),
  listLabel: text,
  empty: text,
  loadFailed: text,
  item: template('amount', 'method', 'date'),
  reference: template('reference'),
  recordedBy: template('name', 'date'),
  voided: text,
  voidedBy: template('name', 'date', 'reason'),
  record: text,
  form: z.object({
    heading: text,
    labels: z.object({ amount: text, method: text, receivedOn: text, reference: text }),
    hints: z.object({ amount: template('amount'), reference: text }),
    methodPlaceholder: text,
    submit: text,
    pending: text,
    close: text,
    failure,
    recorded: z.object({ title: template('amount'), description: template('client') }),
  }),
  void: text,
  voidConfirm: z.object({
    title: text,
    text: template('amount', 'client'),
    reasonLabel: text,
    reasonRequired: text,
    confirm: text,
    keep: text,
  }),
  voidedToast: toast,
  export: z.object({ heading: text, lead: text, from: text, to: text, download: text, pending: text }),
  csv: z.object({
    receivedOn: text,
    client: text,
    eventDate: text,
    amount: text,
    method: text,
    reference: text,
    status: text,
    voidReason: text,
    recordedBy: text,
    recordedAt: text,
    proposalId: text,
    statuses: z.object({ paid: text, voided: text }),
  }),
});

/** The agenda's part of what is due or overdue this week (a signed proposal's schedule lines still owed). */
export const agendaPaymentsDueCopy = z.object({
  heading: text,
  lead: text,
  line: template('label', 'amount', 'date'),
  event: template('date'),
  overdue: text,
});
