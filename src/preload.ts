/**
 * Imported first by main.tsx, for its side effect alone: modules run in import order, so this runs
 * before React DOM and the app's code are evaluated (src/app/first-page.ts says why).
 */
import { preloadFirstPage } from './app/first-page';

preloadFirstPage(window.location.pathname);
