/**
 * Drives the SVG/d3 peer, @alisaitteke/seatmap-canvas 2.x, through its own objects (its README documents
 * only the constructor, the block/seat data format and the seat click event; the rest comes from its
 * typings and bundle):
 *
 * - our plan becomes its block data: one block per section, seats at their world position (group
 *   rotation and translation applied here, so the peer draws exactly our layout),
 *   `salable: false` for the seats taken in the status map; data in hand → `data.replaceData(blocks)`
 *   builds the SVG;
 * - hit tests use `document.elementFromPoint` on a seat's centre with the block masks hidden the way the
 *   peer hides them at its seat zoom level (at the venue level they cover the seats); the filled convex
 *   hull it draws behind each block still covers seats of other blocks inside it (curved balconies
 *   around the stalls, neighbouring stadium sections): the note gives the share of hits on the aimed seat;
 * - a status update sets `salable` on the seat models that change and repaints them (`svg.updateColor()`);
 * - pan and zoom are synthetic mouse drags and wheel events on its SVG, handled by its d3-zoom behaviour.
 */
// @ts-expect-error -- the package's "types" field names a file it does not ship (dist/index.d.ts).
import { SeatMapCanvas } from '@alisaitteke/seatmap-canvas';
import '@alisaitteke/seatmap-canvas/dist/esm/seatmap.canvas.css';
import type { Seatplan } from '../../src/api/contract/seatplan.ts';
import { seatKey } from '../../src/domain/seatKey.ts';
import type { Driver, LoadInfo } from './types.ts';

interface D3Selection {
  node(): Element | null;
}
interface PeerSeat {
  id: string;
  salable: boolean;
  svg: { node: D3Selection; circle: { node: D3Selection }; updateColor(): unknown } | null;
}
interface PeerBlock {
  id: string;
  seats: PeerSeat[];
}
interface Toggle {
  show(): void;
  hide(): void;
}
interface PeerBlockItem {
  mask?: { blockLevelMask: Toggle; seatLevelMask: Toggle };
}
interface PeerCanvas {
  data: { replaceData(blocks: BlockInput[]): unknown; getBlocks(): PeerBlock[] };
  svg: { node: D3Selection; stage: { blocks: { getBlocks(): PeerBlockItem[] } } };
}
type PeerConstructor = new (container: HTMLElement, config: object) => PeerCanvas;

interface SeatInput {
  id: string;
  x: number;
  y: number;
  title: string;
  salable: boolean;
}
interface BlockInput {
  id: string;
  title: string;
  color: string;
  border_color: string;
  labels: never[];
  seats: SeatInput[];
}

const CONFIG = {
  legend: false,
  style: {
    // Seats are 10 plan units apart: radius 4, the proportion of its defaults. (At its own scale, 3× ours with its
    // default radius 12, it throws on our larger plans: with no block in the top-left 1280×800 units at
    // start, its zoom manager has no BLOCK zoom level and `calculateZoomLevel` reads `null.k`.)
    seat: {
      radius: 4,
      color: '#3b82f6',
      not_salable: '#475569',
      selected: '#22c55e',
      hover: '#60a5fa',
      focus: '#60a5fa',
      focus_out: '#22c55e',
    },
    block: { fill: '#1e293b', stroke: '#1e293b', title_color: '#e2e8f0' },
  },
};

async function fetchText(url: string): Promise<string> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return res.text();
}

/** Our plan as the peer's blocks, seats at their world position; taken = not in the status map. */
export function toPeerBlocks(
  plan: Seatplan,
  free: Record<string, string>,
): { blocks: BlockInput[]; seats: number } {
  let seats = 0;
  const blocks = plan.S.map((section): BlockInput => {
    const out: SeatInput[] = [];
    for (const group of section.G) {
      const a = ((group.rotation ?? 0) * Math.PI) / 180;
      const cos = Math.cos(a);
      const sin = Math.sin(a);
      const tx = group.tx ?? 0;
      const ty = group.ty ?? 0;
      for (const row of group.R) {
        for (const s of row.S) {
          const id = seatKey(section.id, s.x, s.y);
          out.push({
            id,
            x: s.x * cos - s.y * sin + tx,
            y: s.x * sin + s.y * cos + ty,
            title: s.n,
            salable: id in free,
          });
        }
      }
    }
    seats += out.length;
    return {
      id: String(section.id),
      title: section.name,
      color: '#1e293b',
      border_color: '#334155',
      labels: [],
      seats: out,
    };
  });
  return { blocks, seats };
}

export function peerDriver(container: HTMLElement): Driver {
  let canvas: PeerCanvas | null = null;
  const need = (): PeerCanvas => {
    if (!canvas) throw new Error('the peer is not loaded');
    return canvas;
  };
  const aimed = new Map<string, Element>();
  let status2: Record<string, string> | null = null;
  let pointer = { x: 0, y: 0 };
  let gesture: 'pan' | 'zoom' | null = null;

  const svgNode = () => need().svg.node.node();
  const mouse = (type: string, target: EventTarget | null) =>
    target?.dispatchEvent(
      new MouseEvent(type, {
        bubbles: true,
        cancelable: true,
        view: window,
        clientX: pointer.x,
        clientY: pointer.y,
        button: 0,
        buttons: type === 'mouseup' ? 0 : 1,
      }),
    );
  const masks = (show: boolean) => {
    for (const b of need().svg.stage.blocks.getBlocks()) {
      if (!b.mask) continue;
      for (const t of [b.mask.blockLevelMask, b.mask.seatLevelMask]) {
        if (show) t.show();
        else t.hide();
      }
    }
  };

  return {
    async load(planUrl, statusUrl): Promise<LoadInfo> {
      canvas = new (SeatMapCanvas as PeerConstructor)(container, CONFIG);
      const [planText, statusText] = await Promise.all([fetchText(planUrl), fetchText(statusUrl)]);
      // Data in hand = the bytes, as for ours; parsing them is the peer's work (ours parses in its worker),
      // converting them to its block format is our adapter's, and is left out.
      performance.mark('bench:data');
      const dataAt = performance.now();
      const plan = JSON.parse(planText) as Seatplan;
      const status = JSON.parse(statusText) as Record<string, string>;
      const c0 = performance.now();
      const { blocks, seats } = toPeerBlocks(plan, status);
      const adapterMs = performance.now() - c0;
      canvas.data.replaceData(blocks);
      return { dataAt: dataAt + adapterMs, adapterMs, seats, workerLoadMs: null, reportedFirstFrameMs: null };
    },
    seatCentres(keys) {
      const wanted = new Set(keys);
      const found = new Map<string, PeerSeat>();
      for (const block of need().data.getBlocks()) {
        for (const seat of block.seats) if (wanted.has(seat.id)) found.set(seat.id, seat);
      }
      return keys.map((key) => {
        const seat = found.get(key);
        const circle = seat?.svg?.circle.node.node();
        const g = seat?.svg?.node.node();
        if (!circle || !g) return null;
        aimed.set(key, g);
        const r = circle.getBoundingClientRect();
        return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
      });
    },
    beginHitTests: () => masks(false),
    endHitTests: () => masks(true),
    hitTest: (x, y) => document.elementFromPoint(x, y),
    isHit(result, key) {
      const g = aimed.get(key);
      return g !== undefined && result instanceof Element && result.closest('g.seat') === g;
    },
    async prepareStatus(url) {
      status2 = JSON.parse(await fetchText(url)) as Record<string, string>;
    },
    async applyStatus() {
      const free = status2;
      if (!free) throw new Error('no status map');
      let changed = 0;
      for (const block of need().data.getBlocks()) {
        for (const seat of block.seats) {
          const salable = seat.id in free;
          if (seat.salable !== salable) {
            seat.salable = salable;
            seat.svg?.updateColor();
            changed++;
          }
        }
      }
      status2 = null;
      return { changed, reportedMs: null, mainThreadMs: null };
    },
    gestureStart(kind) {
      gesture = kind;
      pointer = { x: innerWidth / 2, y: innerHeight / 2 };
      if (kind === 'pan') mouse('mousedown', svgNode());
    },
    pan(dx, dy) {
      pointer = { x: pointer.x + dx, y: pointer.y + dy };
      mouse('mousemove', svgNode());
    },
    zoom(factor, at) {
      pointer = at;
      // d3-zoom: scale × 2^(−deltaY × 0.002) for pixel deltas.
      svgNode()?.dispatchEvent(
        new WheelEvent('wheel', {
          bubbles: true,
          cancelable: true,
          view: window,
          clientX: at.x,
          clientY: at.y,
          deltaY: -Math.log2(factor) / 0.002,
          deltaMode: 0,
        }),
      );
    },
    takePresentedFrames: () => null,
    gestureEnd() {
      if (gesture === 'pan') mouse('mouseup', svgNode());
      gesture = null;
    },
    destroy() {
      container.replaceChildren();
      canvas = null;
    },
  };
}
