/**
 * Major National Park Service units. The NPS prohibits launching, landing or operating unmanned
 * aircraft on lands and waters it administers (36 CFR 1.5, Policy Memorandum 14-05). Boundaries are
 * boxes or short polygons around each unit, not the legal boundaries (which NPS publishes as open data
 * at irma.nps.gov). Unit codes are the NPS four-letter codes used in nps.gov addresses.
 */
import type { Shape } from './shapes';

export interface ParkEntry {
  code: string;
  name: string;
  state: string;
  shape: Shape;
}

export const PARKS: readonly ParkEntry[] = [
  { code: 'yell', name: 'Yellowstone National Park', state: 'WY', shape: { box: [-111.15, 44.13, -109.83, 45.11] } },
  { code: 'grte', name: 'Grand Teton National Park', state: 'WY', shape: { box: [-110.95, 43.6, -110.42, 44.12] } },
  { code: 'yose', name: 'Yosemite National Park', state: 'CA', shape: { box: [-119.89, 37.49, -119.2, 38.19] } },
  { code: 'grca', name: 'Grand Canyon National Park', state: 'AZ', shape: { box: [-113.35, 35.95, -111.95, 36.45] } },
  { code: 'zion', name: 'Zion National Park', state: 'UT', shape: { box: [-113.23, 37.14, -112.85, 37.53] } },
  { code: 'brca', name: 'Bryce Canyon National Park', state: 'UT', shape: { box: [-112.27, 37.42, -112.08, 37.7] } },
  { code: 'arch', name: 'Arches National Park', state: 'UT', shape: { box: [-109.68, 38.61, -109.47, 38.83] } },
  { code: 'romo', name: 'Rocky Mountain National Park', state: 'CO', shape: { box: [-105.92, 40.16, -105.49, 40.55] } },
  { code: 'grsm', name: 'Great Smoky Mountains National Park', state: 'TN', shape: { box: [-84.0, 35.43, -83.1, 35.79] } },
  { code: 'shen', name: 'Shenandoah National Park', state: 'VA', shape: { poly: [[-78.85, 38.02], [-78.68, 38.0], [-78.12, 38.88], [-78.28, 38.93]] } },
  { code: 'acad', name: 'Acadia National Park', state: 'ME', shape: { box: [-68.45, 44.22, -68.15, 44.43] } },
  { code: 'olym', name: 'Olympic National Park', state: 'WA', shape: { box: [-124.7, 47.45, -123.1, 48.1] } },
  { code: 'mora', name: 'Mount Rainier National Park', state: 'WA', shape: { box: [-122.0, 46.72, -121.45, 47.0] } },
  { code: 'glac', name: 'Glacier National Park', state: 'MT', shape: { box: [-114.48, 48.23, -113.24, 49.0] } },
  { code: 'ever', name: 'Everglades National Park', state: 'FL', shape: { box: [-81.35, 25.13, -80.45, 25.85] } },
  { code: 'jotr', name: 'Joshua Tree National Park', state: 'CA', shape: { box: [-116.45, 33.67, -115.26, 34.13] } },
  { code: 'deva', name: 'Death Valley National Park', state: 'CA', shape: { box: [-117.7, 35.6, -116.2, 37.3] } },
  { code: 'seki', name: 'Sequoia and Kings Canyon National Parks', state: 'CA', shape: { box: [-118.95, 36.3, -118.3, 37.1] } },
  { code: 'havo', name: "Hawai'i Volcanoes National Park", state: 'HI', shape: { box: [-155.7, 19.13, -155.02, 19.5] } },
  { code: 'dena', name: 'Denali National Park and Preserve', state: 'AK', shape: { box: [-152.5, 62.6, -148.9, 63.9] } },
  { code: 'cuva', name: 'Cuyahoga Valley National Park', state: 'OH', shape: { box: [-81.65, 41.13, -81.5, 41.43] } },
  { code: 'indu', name: 'Indiana Dunes National Park', state: 'IN', shape: { box: [-87.25, 41.6, -86.95, 41.7] } },
  { code: 'nama', name: 'National Mall and Memorial Parks', state: 'DC', shape: { box: [-77.05, 38.881, -77.01, 38.892] } },
  { code: 'inde', name: 'Independence National Historical Park', state: 'PA', shape: { box: [-75.153, 39.947, -75.145, 39.952] } },
  { code: 'goga', name: 'Golden Gate National Recreation Area (Marin Headlands)', state: 'CA', shape: { box: [-122.54, 37.82, -122.47, 37.86] } },
];
