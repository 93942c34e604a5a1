import type { SwatchKind } from '../layer-groups';

/** A small picture of how the map draws an entry; the label beside it carries the meaning. */
export function LegendSwatch({ kind, colour }: { kind: SwatchKind; colour: string }) {
  return <span className={`legend-swatch legend-swatch-${kind}`} style={{ ['--swatch' as string]: colour }} aria-hidden="true" />;
}
