import { describe, expect, it } from 'vitest';
import { elevationText, terrainSource } from './terrain-text';

describe('terrainSource', () => {
  it('tells an imported DEM from the sandbox model and from no coverage', () => {
    expect(terrainSource('dem:USGS_13_n48w123')).toMatchObject({ kind: 'dem', label: 'DEM USGS_13_n48w123' });
    const model = terrainSource('sandbox-airport-model:sandbox-g3-a0.2.1-20261124');
    expect(model).toMatchObject({ kind: 'model', label: 'Sandbox terrain model' });
    expect(model.caveat).toMatch(/never use it for terrain clearance/);
    expect(terrainSource('no-coverage')).toMatchObject({ kind: 'none', label: 'No terrain data' });
  });

  it('says when a DEM covers the place but has no data there', () => {
    expect(terrainSource('sandbox-airport-model:v1 (dem:srtm has no data here)').caveat).toMatch(/The DEM srtm has no data here/);
  });
});

describe('elevationText', () => {
  it('writes feet MSL, or unknown', () => {
    expect(elevationText(1234)).toBe('1,234 ft MSL');
    expect(elevationText(null)).toBe('unknown');
  });
});
