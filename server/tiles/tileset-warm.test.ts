/** The warm-up builds tile parts one per turn of the event loop, so a request waiting meanwhile is answered between parts. */
import { describe, expect, it } from 'vitest';
import { TileSet, type TilePart } from './tileset';

describe('TileSet.buildAllYielding', () => {
  it('builds every part, letting queued work run between two parts', async () => {
    const log: string[] = [];
    const part = (name: string): TilePart => ({
      layer: name,
      minzoom: 0,
      features: () => {
        log.push(`build ${name}`);
        // Work that arrived while this part was built (a request): must run before the next part.
        setImmediate(() => log.push(`request after ${name}`));
        return [{ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [0, 0] } }];
      },
    });
    const set = new TileSet([part('a'), part('b'), part('c')]);
    await set.buildAllYielding();
    expect(log).toEqual(['build a', 'request after a', 'build b', 'request after b', 'build c', 'request after c']);
    // Built once: a tile after the warm-up builds nothing more.
    set.render({ z: 0, x: 0, y: 0 });
    expect(log.filter((l) => l.startsWith('build'))).toHaveLength(3);
  });
});
