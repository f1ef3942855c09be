import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import NavToggle from './NavToggle';

const links = (
  <ul>
    <li>
      <a href="#about">About</a>
    </li>
    <li>
      <a href="#services">Services</a>
    </li>
  </ul>
);

function renderToggle() {
  render(
    <>
      <NavToggle panelId="site-nav-panel" label="Menu">
        {links}
      </NavToggle>
      <p>Outside</p>
    </>,
  );
  const toggle = screen.getByRole('button', { name: 'Menu' });
  const panel = document.getElementById('site-nav-panel')!;
  return { toggle, panel };
}

const isOpen = (panel: HTMLElement) => panel.hasAttribute('data-open');

describe('NavToggle', () => {
  test('server HTML is a plain link to the panel, so the menu works without JavaScript', () => {
    const html = renderToString(
      <NavToggle panelId="site-nav-panel" label="Menu">
        {links}
      </NavToggle>,
    );
    expect(html).toContain('href="#site-nav-panel"');
    expect(html).not.toContain('<button');
    expect(html).toContain('About');
  });

  test('after hydration it is a closed button controlling the panel', () => {
    const { toggle, panel } = renderToggle();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', 'site-nav-panel');
    expect(panel).toHaveAttribute('data-enhanced');
    expect(isOpen(panel)).toBe(false);
  });

  test('aria-expanded follows each click', async () => {
    const user = userEvent.setup();
    const { toggle, panel } = renderToggle();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(isOpen(panel)).toBe(true);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(isOpen(panel)).toBe(false);
  });

  test('closes when a link is chosen', async () => {
    const user = userEvent.setup();
    const { toggle, panel } = renderToggle();
    await user.click(toggle);
    await user.click(screen.getByRole('link', { name: 'Services' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(isOpen(panel)).toBe(false);
  });

  test('Escape closes it and returns focus to the toggle', async () => {
    const user = userEvent.setup();
    const { toggle } = renderToggle();
    await user.click(toggle);
    screen.getByRole('link', { name: 'About' }).focus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  test('a click outside closes it; a click inside the panel (not on a link) does not', async () => {
    const user = userEvent.setup();
    const { toggle } = renderToggle();
    await user.click(toggle);
    await user.click(screen.getByRole('list'));
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByText('Outside'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('stays open when the visitor already opened it through the no-JavaScript link', () => {
    window.location.hash = '#site-nav-panel';
    const { toggle } = renderToggle();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(window.location.hash).toBe('');
  });
});
