// netlify dev's framework command under `npm start`. start.ts runs astro dev itself and waits for it as long as it
// takes (netlify dev gives a framework about 15 s, too little on a busy machine); netlify dev only needs a command
// that stays up while it proxies to astro dev's port. Ends with its parent (exit-with-parent.mjs is preloaded).
setInterval(() => {}, 2 ** 30);
