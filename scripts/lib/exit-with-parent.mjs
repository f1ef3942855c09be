/**
 * Preloaded into `netlify dev` and everything it starts (astro dev) by `npm start` (`NODE_OPTIONS=--import …`):
 * a process whose parent has gone exits too. netlify dev does not stop astro dev when it is stopped itself (only a
 * terminal's Ctrl-C, which reaches the whole process group, did), so stopping `npm start` with a plain signal, from a
 * process manager or a test, left astro dev running on its port.
 */
const parent = process.ppid;
const watch = setInterval(() => {
  // An orphan is adopted by init (or a subreaper): its parent id changes.
  if (process.ppid !== parent) process.exit(0);
}, 500);
watch.unref();
