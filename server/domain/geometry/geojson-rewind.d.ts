/** @mapbox/geojson-rewind ships no types: rewind(geojson, clockwise) changes rings in place and returns its input. */
declare module '@mapbox/geojson-rewind' {
  export default function rewind<T>(geojson: T, clockwise?: boolean): T;
}
