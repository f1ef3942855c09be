import { describe, expect, test } from 'vitest';
import { canonicalMailbox } from './mailbox';

describe('canonicalMailbox', () => {
  test.each([
    ['hold@example.com', 'hold@example.com'],
    ['Hold@Example.COM', 'hold@example.com'],
    ['hold+1@example.com', 'hold@example.com'],
    ['hold+a+b@example.com', 'hold@example.com'],
    ['h.old@example.com', 'h.old@example.com'],
    ['h.old@gmail.com', 'hold@gmail.com'],
    ['H.o.l.d+x@GoogleMail.com', 'hold@gmail.com'],
    ['hold@sub.example.com', 'hold@sub.example.com'],
    ['+tag@example.com', '+tag@example.com'],
    ["o'brien@example.com", "o'brien@example.com"],
  ])('reads %s as the mailbox %s', (address, mailbox) => {
    expect(canonicalMailbox(address)).toBe(mailbox);
  });
});
