/**
 * A tiny anti-aliased rasteriser for the sprite's icons: each shape is an "inside" test in icon units
 * (1x pixels), sampled 4 by 4 times per pixel so edges come out smooth at any pixel ratio. Shapes are
 * composited in order (source over). No native dependency: pngjs only encodes the result.
 */
export type Rgba = readonly [number, number, number, number];

export interface Shape {
  inside(x: number, y: number): boolean;
  color: Rgba;
}

export function hex(h: string, alpha = 1): Rgba {
  const n = parseInt(h.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255, alpha];
}

export const circle = (cx: number, cy: number, r: number, color: Rgba): Shape => ({
  inside: (x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r,
  color,
});

export const ring = (cx: number, cy: number, r: number, width: number, color: Rgba): Shape => ({
  inside: (x, y) => {
    const d = Math.hypot(x - cx, y - cy);
    return d <= r + width / 2 && d >= r - width / 2;
  },
  color,
});

export const ellipse = (cx: number, cy: number, rx: number, ry: number, color: Rgba): Shape => ({
  inside: (x, y) => ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1,
  color,
});

/** A segment with round caps (a capsule) of the given width. */
export const segment = (x1: number, y1: number, x2: number, y2: number, width: number, color: Rgba): Shape => ({
  inside: (x, y) => {
    const dx = x2 - x1, dy = y2 - y1;
    const t = Math.max(0, Math.min(1, ((x - x1) * dx + (y - y1) * dy) / (dx * dx + dy * dy || 1)));
    return Math.hypot(x - (x1 + t * dx), y - (y1 + t * dy)) <= width / 2;
  },
  color,
});

export const polygon = (points: ReadonlyArray<readonly [number, number]>, color: Rgba): Shape => ({
  inside: (x, y) => {
    let inside = false;
    for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
      const [xi, yi] = points[i]!, [xj, yj] = points[j]!;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
    return inside;
  },
  color,
});

/** Diagonal stripes that tile seamlessly in a square of `period` units (fill patterns). */
export const stripes = (period: number, width: number, color: Rgba): Shape => ({
  inside: (x, y) => {
    const m = (((x + y) % period) + period) % period;
    return Math.min(m, period - m) <= width / Math.SQRT2 / 2 + 1e-9;
  },
  color,
});

export interface Icon {
  width: number;
  height: number;
  shapes: Shape[];
}

const SAMPLES = 4;

/** Renders an icon at a pixel ratio into RGBA (premultiplied while compositing, straight on output). */
export function rasterise(icon: Icon, ratio: number): { width: number; height: number; data: Uint8Array } {
  const width = Math.round(icon.width * ratio), height = Math.round(icon.height * ratio);
  const data = new Uint8Array(width * height * 4);
  for (let py = 0; py < height; py++) {
    for (let px = 0; px < width; px++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (const shape of icon.shapes) {
        let hits = 0;
        for (let sy = 0; sy < SAMPLES; sy++) {
          for (let sx = 0; sx < SAMPLES; sx++) {
            const x = (px + (sx + 0.5) / SAMPLES) / ratio, y = (py + (sy + 0.5) / SAMPLES) / ratio;
            if (shape.inside(x, y)) hits++;
          }
        }
        if (hits === 0) continue;
        const cov = (hits / (SAMPLES * SAMPLES)) * shape.color[3];
        r = shape.color[0] * cov + r * (1 - cov);
        g = shape.color[1] * cov + g * (1 - cov);
        b = shape.color[2] * cov + b * (1 - cov);
        a = cov + a * (1 - cov);
      }
      const o = (py * width + px) * 4;
      data[o] = a > 0 ? Math.round(r / a) : 0;
      data[o + 1] = a > 0 ? Math.round(g / a) : 0;
      data[o + 2] = a > 0 ? Math.round(b / a) : 0;
      data[o + 3] = Math.round(a * 255);
    }
  }
  return { width, height, data };
}
