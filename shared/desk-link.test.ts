import { describe, expect, test } from 'vitest';
import { deskInquiryUrl, inquiryHash, inquiryIdFromHash } from './desk-link';

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('inquiryIdFromHash', () => {
  test.each([
    [`#inquiries/${ID}`, ID],
    [`#inquiries/${ID.toUpperCase()}`, ID],
    ['#inquiries', undefined],
    ['#inquiries/', undefined],
    ['#inquiries/not-an-id', undefined],
    [`#inquiries/${ID}/more`, undefined],
    [`#bookings/${ID}`, undefined],
    ['', undefined],
  ])('reads %j as %j', (hash, id) => {
    expect(inquiryIdFromHash(hash)).toBe(id);
  });

  test('reads back what inquiryHash writes', () => {
    expect(inquiryIdFromHash(inquiryHash(ID))).toBe(ID);
  });
});

describe('deskInquiryUrl', () => {
  test('is the desk page with the inquiry in the hash', () => {
    expect(deskInquiryUrl('https://lonestar.example', ID)).toBe(`https://lonestar.example/admin#inquiries/${ID}`);
  });
});
