import { describe, expect, test } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('csvCell', () => {
  test.each([
    ['plain', '"plain"'],
    ['=1+1', `"'=1+1"`],
    ['+1 512 555 0100', `"'+1 512 555 0100"`],
    ['-5', `"'-5"`],
    ['@SUM(A1:A9)', `"'@SUM(A1:A9)"`],
    ['\tTab', `"'\tTab"`],
    ['\rCR', `"'\rCR"`],
    ['say "hi", then go', '"say ""hi"", then go"'],
    ['a=b', '"a=b"'],
    [12, '"12"'],
    [null, '""'],
  ])('%j → %s', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });
});

describe('toCsv', () => {
  test('starts with a BOM and ends every line, the last too, with CRLF', () => {
    expect(toCsv(['a', 'b'], [['1', null]])).toBe('\uFEFF"a","b"\r\n"1",""\r\n');
  });
});
