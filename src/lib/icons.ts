// The islands' icons are constants of their own: an island importing one of them ships that path, not the whole set
// (the layout's islands load on every page).
/** The check mark of a confirmation. */
export const CHECK_ICON = 'M5 12.5l4.5 4.5L19 7';
/** The menu's three bars. */
export const MENU_ICON = 'M4 6.5h16 M4 12h16 M4 17.5h16';
/** The close cross (dialogs, toasts, the open menu). */
export const CLOSE_ICON = 'M6 6l12 12 M18 6 6 18';

/** Stroke paths (24×24 grid, drawn with currentColor) of the site's small interface icons. */
export const ICON_PATHS = {
  cocktail: 'M4 4h16l-8 9z M12 13v7 M8 20h8 M15.5 4l3-2.5',
  trailer:
    'M3 15V9a4 4 0 0 1 4-4h9a4 4 0 0 1 4 4v6z M6.5 8.5h3v2.5h-3z M13 8.5h3.5v2.5H13z M20 13h3 M6 17a2 2 0 1 0 4 0 M14 17a2 2 0 1 0 4 0',
  star: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z',
  heart: 'M12 20s-7.5-4.6-7.5-10.3A4.2 4.2 0 0 1 12 7.3a4.2 4.2 0 0 1 7.5 2.4C19.5 15.4 12 20 12 20z',
  award: 'M12 14.5a5.5 5.5 0 1 0 0-11 5.5 5.5 0 0 0 0 11z M8.6 13.4 7 21l5-2.6 5 2.6-1.6-7.6',
  badge:
    'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z M12 7l1.4 2.9 3.2.5-2.3 2.2.5 3.2L12 14.3l-2.8 1.5.5-3.2-2.3-2.2 3.2-.5z',
  phone:
    'M5 3.5h3.5l2 5-2.4 1.5a11 11 0 0 0 5.9 5.9l1.5-2.4 5 2v3.5a2 2 0 0 1-2 2A17 17 0 0 1 3 5.5a2 2 0 0 1 2-2z',
  mail: 'M3.5 5.5h17v13h-17z M3.5 6.5l8.5 6.5 8.5-6.5',
  pin: 'M12 21.5s-7-6.3-7-11.5a7 7 0 0 1 14 0c0 5.2-7 11.5-7 11.5z M12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
  clock: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z M12 7v5l3.5 2',
  check: CHECK_ICON,
  menu: MENU_ICON,
  close: CLOSE_ICON,
  facebook:
    'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4z M16 8h-1.5a2.5 2.5 0 0 0-2.5 2.5V21 M9.5 13.5h5.5',
  instagram:
    'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4z M12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8z M17.2 6.3h.1',
  x: 'M4 4h4.5L20 20h-4.5z M20 4l-6.9 7.6 M4 20l6.9-7.6',
} as const;

/** Name of an icon in ICON_PATHS. */
export type IconName = keyof typeof ICON_PATHS;

/** Every icon name, for content schemas that reference icons. */
export const ICON_NAMES = /* @__PURE__ */ Object.keys(ICON_PATHS) as [IconName, ...IconName[]];
