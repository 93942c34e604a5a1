import { describe, expect, it } from 'vitest';
import { popupPlacement } from './popup-placement';

// A phone's map (390 px wide) and the popup's 320 px.
const W = 390;
const H = 380;
const POPUP = 320;

describe('popupPlacement', () => {
  it('centres the popup on a point in the middle, below it in the upper half and above it in the lower', () => {
    expect(popupPlacement(195, 100, W, H, POPUP).anchor).toBe('top');
    expect(popupPlacement(195, 300, W, H, POPUP).anchor).toBe('bottom');
  });

  it('opens towards the middle near a side, so no part of it leaves the map', () => {
    // Centred on x = 40, a 320 px popup would start 120 px left of the map.
    expect(popupPlacement(40, 100, W, H, POPUP).anchor).toBe('top-left');
    expect(popupPlacement(40, 300, W, H, POPUP).anchor).toBe('bottom-left');
    expect(popupPlacement(350, 100, W, H, POPUP).anchor).toBe('top-right');
    expect(popupPlacement(350, 300, W, H, POPUP).anchor).toBe('bottom-right');
  });

  it('limits the height to the room on its side of the point, never below 96 px', () => {
    expect(popupPlacement(195, 100, W, H, POPUP).maxHeight).toBe(H - 100 - 48);
    expect(popupPlacement(195, 300, W, H, POPUP).maxHeight).toBe(300 - 48);
    expect(popupPlacement(195, 360, W, 370, POPUP).maxHeight).toBe(360 - 48);
    expect(popupPlacement(195, 10, W, 120, POPUP).maxHeight).toBe(96);
  });
});
