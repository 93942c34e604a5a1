// The published types pull in all of mapbox-gl; the adapter is the only user and types its own surface.
declare module '@mapbox/mapbox-gl-draw' {
  const MapboxDraw: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  export default MapboxDraw;
}
