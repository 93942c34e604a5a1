/** Said by the panel (and by its frame on the plan page before its code has loaded: src/components/lazy-panel.tsx) while there is no area. */
export const ADVISORIES_NO_AREA = 'Draw an area to see its advisories.';
