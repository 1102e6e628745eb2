// Sets the theme before the first paint (docs/product.md#appearance): the user's choice on this
// device (IM_THEME: system, light or dark), else the system's. Loaded as a tiny blocking script
// because the page's policy allows no inline script; src/theme/theme.ts takes over after start.
(function () {
  var choice;
  try {
    choice = localStorage.getItem('IM_THEME');
  } catch {
    choice = null;
  }
  var dark =
    choice === 'dark' ||
    (choice !== 'light' && window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.setAttribute('data-prefers-color-scheme', dark ? 'dark' : 'light');
})();
