import { render } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import Template from './Template';

describe('Template', () => {
  test.each([
    ['Signed in as {username}', 'Signed in as <bdi>ad&lt;b&gt;a</bdi>'],
    ['{username} is signed in', '<bdi>ad&lt;b&gt;a</bdi> is signed in'],
    ['No {other} here', 'No {other} here'],
  ])('fills %j with the node, escaping its text', (text, html) => {
    const { container } = render(<Template text={text} values={{ username: <bdi>{'ad<b>a'}</bdi> }} />);
    expect(container.innerHTML).toBe(html);
  });
});
