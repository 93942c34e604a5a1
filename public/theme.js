// The theme before the first paint (src/lib/theme.ts keeps it in step afterwards). A file, not an inline
// script: the portal's Content-Security-Policy allows scripts from its own origin only.
try {
  var t = JSON.parse(localStorage.getItem('skyplan.settings') || '{}').theme;
  if (t !== 'light' && t !== 'dark') t = matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  document.documentElement.dataset.theme = t;
} catch {
  // No storage (private mode, blocked): the stylesheet's default theme stays.
}
