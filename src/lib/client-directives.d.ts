/** Types the custom `client:idle-media` directive registered in astro.config.mjs. */
declare namespace Astro {
  interface ClientDirectives {
    'client:idle-media'?: string;
  }
}
