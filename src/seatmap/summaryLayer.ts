import { Container, Graphics } from 'pixi.js';
import { type PlanSummary, sectionShade } from '../../workers/seatplan/summary.ts';
import type { Camera } from './camera.ts';
import type { SeatColors, StylePalette } from './palette.ts';

/**
 * The far level drawn straight from a plan's summary (workers/seatplan/summary.ts): the stage and each
 * section's shape, shaded as the tile painter shades it, so a plan's first frame shows something true
 * before its seats are indexed and its tiles painted. It lies under the tiles, which cover it as they
 * arrive; the scene drops it once the plan's own tiles fill the view.
 */
export class SummaryLayer {
  readonly container = new Container({ label: 'summary', eventMode: 'none' });
  private readonly shapes = new Graphics();

  constructor(summary: PlanSummary, palette: StylePalette, colors: SeatColors, cam: Camera) {
    const g = this.shapes;
    const s = summary.stage;
    if (s) {
      g.roundRect(s.x, s.y, s.width, s.height, Math.min(s.width, s.height) * 0.2).fill({
        color: colors.screen,
        alpha: s.kind === 'field' ? 0.35 : 0.9,
      });
    }
    const stroke = { color: colors.rows, width: 1 / cam.scale, alpha: 0.6 };
    summary.sections.forEach((section, k) => {
      if (section.hull.length < 6) return;
      const shade = sectionShade(summary.shares[k]!, palette, colors);
      g.poly(section.hull, true).fill({ color: shade.fill, alpha: shade.alpha }).stroke(stroke);
    });
    this.container.addChild(g);
    this.place(cam);
  }

  /** Follows the camera (world units to CSS pixels), as the tiles do. */
  place(cam: Camera): void {
    this.container.scale.set(cam.scale);
    this.container.position.set(cam.x, cam.y);
  }

  destroy(): void {
    this.container.destroy({ children: true });
  }
}
