import { Container, Rectangle, Sprite, Texture } from 'pixi.js';
import type { Camera, Rect } from './camera.ts';
import { TILE_PX, type TileCache, tileKey, tileRect } from './tiles.ts';
import type { Tile } from './world.ts';

/** How many coarser levels a missing tile may borrow a (blurrier) picture from. */
const FALLBACK_LEVELS = 4;

/**
 * The frame's textured quads: one sprite per visible tile, in world coordinates under the camera. A tile
 * not painted yet shows its part of a coarser cached tile (a sub-texture, so nothing is drawn twice), or
 * the finer cached tiles inside it.
 */
export class TileSprites {
  readonly container = new Container({ label: 'tiles', eventMode: 'none' });
  private readonly sprites: Sprite[] = [];
  private readonly borrowed = new Map<string, Texture>();
  private used = 0;

  /** Starts a frame under this camera. */
  begin(cam: Camera): void {
    this.container.scale.set(cam.scale);
    this.container.position.set(cam.x, cam.y);
    this.used = 0;
  }

  place(texture: Texture, rect: Rect): void {
    let s = this.sprites[this.used];
    if (!s) {
      // Tiles are opaque: no blending needed, which software GL pays for per pixel.
      s = new Sprite({ texture, blendMode: 'none', roundPixels: false });
      this.sprites.push(s);
      this.container.addChild(s);
    }
    this.used++;
    s.texture = texture;
    s.visible = true;
    s.position.set(rect.minX, rect.minY);
    s.setSize(rect.maxX - rect.minX, rect.maxY - rect.minY);
  }

  /** Shows something for a tile that is not painted yet; false when the cache has nothing for it. */
  placeFallback(tiles: TileCache<Tile>, z: number, tx: number, ty: number): boolean {
    const rect = tileRect(z, tx, ty);
    for (let k = 1; k <= FALLBACK_LEVELS; k++) {
      const f = 2 ** k;
      const ax = Math.floor(tx / f);
      const ay = Math.floor(ty / f);
      const a = tiles.get(z - k, ax, ay);
      if (!a) continue;
      tiles.touch(a);
      const key = `${a.key}>${tileKey(z, tx, ty)}`;
      let tex = this.borrowed.get(key);
      if (!tex) {
        const part = TILE_PX / f;
        tex = new Texture({
          source: a.value.texture.source,
          frame: new Rectangle((tx - ax * f) * part, (ty - ay * f) * part, part, part),
        });
        this.borrowed.set(key, tex);
      }
      this.place(tex, rect);
      return true;
    }
    let any = false;
    for (let cy = 0; cy < 2; cy++) {
      for (let cx = 0; cx < 2; cx++) {
        const c = tiles.get(z + 1, tx * 2 + cx, ty * 2 + cy);
        if (!c) continue;
        tiles.touch(c);
        this.place(c.value.texture, tileRect(z + 1, tx * 2 + cx, ty * 2 + cy));
        any = true;
      }
    }
    return any;
  }

  /** Ends the frame: sprites not placed in it are hidden. */
  end(): void {
    for (let k = this.used; k < this.sprites.length; k++) this.sprites[k]!.visible = false;
  }

  /** A tile's texture is going away: forget the pictures borrowed from any tile. */
  dropBorrowed(): void {
    for (const t of this.borrowed.values()) t.destroy(false);
    this.borrowed.clear();
  }

  destroy(): void {
    for (const s of this.sprites) s.texture = Texture.EMPTY;
    this.dropBorrowed();
  }
}
