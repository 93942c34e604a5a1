/**
 * "Type coordinates or paste GeoJSON or KML", closed at first. The form and its parsers (coordinates,
 * GeoJSON, KML) are a chunk of their own, loaded when the pilot first opens it (or reaches for it with the
 * pointer or the keyboard): /plan shows its map and panel without them (docs/portal-delivery.md).
 * A load that failed is tried again when the disclosure is opened again.
 */
import { useState } from 'react';
import { lazyModule } from '../../../lib/lazy-module';
import { useLazyModule } from '../../../lib/use-lazy-module';
import type { ShapeEntryProps } from './shape-entry';

export const shapeEntryCode = lazyModule(() => import('./shape-entry').then((m) => m.ShapeEntry));

// Reaching for the summary starts the load, so the form is usually there by the time it opens.
const prefetch = () => void shapeEntryCode.load().catch(() => undefined);

export function ShapeEntryDisclosure(props: ShapeEntryProps) {
  const [open, setOpen] = useState(false);
  const ready = useLazyModule(shapeEntryCode, open);
  const ShapeEntry = ready ? shapeEntryCode.current() : null;
  return (
    <details className="disclosure" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary onPointerEnter={prefetch} onFocus={prefetch}>
        Type coordinates or paste GeoJSON or KML
      </summary>
      {ShapeEntry ? (
        <ShapeEntry {...props} />
      ) : (
        open && (
          <p className="muted small" role="status">
            Loading…
          </p>
        )
      )}
    </details>
  );
}
