/** Whether a navigation link is active on a page: Home only on `/`, any other link when the path starts with its href. */
export function isActiveLink(currentPath: string, href: string): boolean {
  if (href === '/') return currentPath === '/';
  return currentPath.startsWith(href);
}
