import { describe, expect, test } from 'vitest';
import copy from '@content/inquiry-fields.json' with { type: 'json' };
import { INQUIRY_FIELDS, type InquiryFieldKey } from './schemas/inquiry';
import { INQUIRY_FIELD_COPY, inquiryFieldText } from './inquiry-fields';

const field = (key: InquiryFieldKey) => INQUIRY_FIELDS.find((each) => each.key === key)!;

describe('INQUIRY_FIELD_COPY', () => {
  test('is content/inquiry-fields.json, one label per field in the list', () => {
    expect(INQUIRY_FIELD_COPY).toEqual(copy);
    expect(Object.keys(INQUIRY_FIELD_COPY.labels).sort()).toEqual(INQUIRY_FIELDS.map((each) => each.key).sort());
  });
});

describe('inquiryFieldText', () => {
  test.each([
    { key: 'eventType', value: 'private', text: 'Private Party' },
    { key: 'eventDate', value: '2027-04-17', text: 'Saturday, April 17, 2027' },
    { key: 'guestCount', value: '120', text: '120' },
    { key: 'phone', value: '(512) 555-0199', text: '(512) 555-0199' },
    { key: 'message', value: 'Line one\nline two', text: 'Line one\nline two' },
    { key: 'message', value: null, text: null },
    { key: 'message', value: undefined, text: null },
  ] as const)('shows $key $value as $text', ({ key, value, text }) => {
    expect(inquiryFieldText({ [key]: value }, field(key))).toBe(text);
  });
});
