// A viewer kind for frames that hold a box of cubes (Frame.layers): the cubes drawn in three
// dimensions as SVG (an orthographic view; drag or the arrow keys turn it), the layers pulled apart
// with a slider, and the pieces added one at a time, bottom first, with another. The flat frame
// stays under it. A "piece" here is a run of face-joined cubes with the same fill and label, so
// the view knows nothing of any puzzle.
import type { Cell, Frame, FrameLayers, Palette } from '@kit/core';
import { entryHex } from '@kit/core/host';
import { h, setStyleProperty, svg } from './dom.js';
import { frameToSvg } from './frame-svg.js';
import type { FrameView, ViewerKind } from './viewer.js';

/** Boxes beyond this many cells are drawn flat: an SVG polygon per face stops being quick. */
const MAX_CELLS = 4096;

interface Cube {
  x: number;
  y: number;
  z: number;
  cell: Cell;
  piece: number;
}

/** The box a frame describes, or undefined when its `layers` do not fit the frame (plugin data is checked). */
export function boxOf(frame: Frame): { layers: FrameLayers; rows: number } | undefined {
  const layers = frame.layers;
  if (!layers || typeof layers !== 'object') return undefined;
  const { depth, width, gap } = layers;
  const whole = (n: unknown, least: number): n is number => Number.isInteger(n) && (n as number) >= least;
  if (!whole(depth, 1) || !whole(width, 1) || !whole(gap, 0)) return undefined;
  if (depth * width + (depth - 1) * gap !== frame.width || depth * width * frame.height > MAX_CELLS) return undefined;
  if (frame.cells.length !== frame.width * frame.height) return undefined;
  return { layers, rows: frame.height };
}

/** The box's drawn cubes (cells with a fill or a label), in pieces numbered from the bottom layer up. */
export function cubesOf(frame: Frame): Cube[] {
  const box = boxOf(frame);
  if (!box) return [];
  const { depth, width, gap } = box.layers;
  const rows = box.rows;
  const at = new Map<string, Cube>();
  const cubes: Cube[] = [];
  for (let z = 0; z < depth; z++) {
    for (let y = 0; y < rows; y++) {
      for (let x = 0; x < width; x++) {
        const cell = frame.cells[y * frame.width + z * (width + gap) + x]!;
        if (cell.hole || (cell.fill === undefined && !cell.label)) continue;
        const cube = { x, y, z, cell, piece: -1 };
        cubes.push(cube);
        at.set(`${x},${y},${z}`, cube);
      }
    }
  }
  const same = (a: Cell, b: Cell) => a.fill === b.fill && a.label === b.label;
  let pieces = 0;
  for (const start of cubes) {
    if (start.piece >= 0) continue;
    start.piece = pieces;
    const stack = [start];
    while (stack.length > 0) {
      const cube = stack.pop()!;
      for (const [dx, dy, dz] of DIRECTIONS) {
        const next = at.get(`${cube.x + dx},${cube.y + dy},${cube.z + dz}`);
        if (next && next.piece < 0 && same(next.cell, start.cell)) {
          next.piece = pieces;
          stack.push(next);
        }
      }
    }
    pieces++;
  }
  return cubes;
}

const DIRECTIONS = [
  [1, 0, 0],
  [-1, 0, 0],
  [0, 1, 0],
  [0, -1, 0],
  [0, 0, 1],
  [0, 0, -1],
] as const;

/** The four corners of a unit cube's face with outward normal `n`, as offsets from the cube's corner. */
function faceCorners([nx, ny, nz]: readonly [number, number, number]): number[][] {
  const axis = nx !== 0 ? 0 : ny !== 0 ? 1 : 2;
  const side = nx + ny + nz > 0 ? 1 : 0;
  const [u, v] = [0, 1, 2].filter((a) => a !== axis) as [number, number];
  return [
    [0, 0],
    [1, 0],
    [1, 1],
    [0, 1],
  ].map(([a, b]) => {
    const corner = [0, 0, 0];
    corner[axis] = side;
    corner[u] = a!;
    corner[v] = b!;
    return corner;
  });
}

function shade(hex: string, light: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) =>
    Math.round(((value >> shift) & 255) * light)
      .toString(16)
      .padStart(2, '0');
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

/** The camera and the two sliders: kept while frames come, so a turned view stays turned. */
interface SolidState {
  yaw: number;
  pitch: number;
  /** Space between layers, in cubes. */
  apart: number;
  /** Pieces shown, from the bottom; undefined: all. */
  shown: number | undefined;
  /** Draws the box's edges too (a box in play, empty at the start). */
  outline?: boolean;
}

/** Corner pairs of a box's edges, a corner numbered by its bits (1: right, 2: front, 4: top). */
const BOX_EDGES = [
  [0, 1],
  [2, 3],
  [4, 5],
  [6, 7],
  [0, 2],
  [1, 3],
  [4, 6],
  [5, 7],
  [0, 4],
  [1, 5],
  [2, 6],
  [3, 7],
] as const;

/** The cubes as SVG polygons, far faces first. */
export function drawSolid(frame: Frame, palette: Palette, state: SolidState): { picture: SVGSVGElement; pieces: number; faces: number } {
  const box = boxOf(frame)!;
  const cubes = cubesOf(frame);
  const pieces = cubes.reduce((most, cube) => Math.max(most, cube.piece + 1), 0);
  const shown = Math.min(state.shown ?? pieces, pieces);
  const visible = cubes.filter((cube) => cube.piece < shown);
  const occupied = new Set(visible.map((cube) => `${cube.x},${cube.y},${cube.z}`));
  const yaw = (state.yaw * Math.PI) / 180;
  const pitch = (state.pitch * Math.PI) / 180;
  const { depth, width } = box.layers;
  // World: x to the right, up the layers, y (rows) towards the viewer; the box's centre at 0.
  const world = (x: number, y: number, z: number) => [x - width / 2, z * (1 + state.apart) - (depth * (1 + state.apart) - state.apart) / 2, y - box.rows / 2];
  const project = ([wx, wy, wz]: number[]) => {
    const x1 = wx! * Math.cos(yaw) + wz! * Math.sin(yaw);
    const z1 = -wx! * Math.sin(yaw) + wz! * Math.cos(yaw);
    return { sx: x1, sy: -(wy! * Math.cos(pitch) - z1 * Math.sin(pitch)), toward: z1 * Math.cos(pitch) + wy! * Math.sin(pitch) };
  };
  const faces: Array<{ points: string; toward: number; fill: string; piece: number }> = [];
  for (const cube of visible) {
    const entry = cube.cell.fill !== undefined ? palette[cube.cell.fill] : undefined;
    const colour = entry ? entryHex(entry) : '#9ca3af';
    for (const n of DIRECTIONS) {
      // A face against a cube of the same layer is inside; across layers it shows once they are apart.
      const [dx, dy, dz] = n;
      if (occupied.has(`${cube.x + dx},${cube.y + dy},${cube.z + dz}`) && (dz === 0 || state.apart === 0)) continue;
      // The face's outward normal in world axes (rows towards the viewer, layers up), turned by the camera.
      const normal = project([dx, dz, dy]);
      const origin = project([0, 0, 0]);
      if (normal.toward - origin.toward <= 1e-9) continue;
      const corners = faceCorners(n).map(([cx, cy, cz]) => project(world(cube.x + cx!, cube.y + cy!, cube.z + cz!)));
      const light = 0.55 + 0.45 * Math.max(0, (normal.toward - origin.toward) * 0.6 - (normal.sy - origin.sy) * 0.4);
      faces.push({
        points: corners.map((c) => `${c.sx.toFixed(3)},${c.sy.toFixed(3)}`).join(' '),
        toward: corners.reduce((sum, c) => sum + c.toward, 0) / 4,
        fill: shade(colour, Math.min(1, light)),
        piece: cube.piece,
      });
    }
  }
  faces.sort((a, b) => a.toward - b.toward);
  // The view box holds the whole box however it is turned, so stepping through pieces never moves it.
  const reach = Math.hypot(width, box.rows, depth * (1 + state.apart)) / 2 + 0.2;
  const picture = svg('svg', {
    viewBox: `${-reach} ${-reach} ${2 * reach} ${2 * reach}`,
    class: 'solid',
    role: 'img',
    tabindex: 0,
    'aria-label': `${width} by ${box.rows} by ${depth} box, ${shown} of ${pieces} pieces; drag or use the arrow keys to turn it`,
  });
  if (state.outline) {
    // The box's twelve edges behind the cubes, so an empty or half-filled box shows its shape.
    const top = depth - state.apart / (1 + state.apart);
    const corner = (i: number) => project(world(i & 1 ? width : 0, i & 2 ? box.rows : 0, i & 4 ? top : 0));
    for (const [from, to] of BOX_EDGES) {
      const [a, b] = [corner(from), corner(to)];
      picture.append(svg('line', { x1: a.sx.toFixed(3), y1: a.sy.toFixed(3), x2: b.sx.toFixed(3), y2: b.sy.toFixed(3), class: 'box-edge' }));
    }
  }
  for (const face of faces) {
    picture.append(svg('polygon', { points: face.points, fill: face.fill, 'data-piece': face.piece, class: 'face' }));
  }
  return { picture, pieces, faces: faces.length };
}

export const solidViewerKind: ViewerKind = {
  name: 'solid',
  accepts: (frame) => boxOf(frame) !== undefined,
  create(): FrameView {
    return createSolidView(false);
  },
};

/** The turnable 3D view with its sliders; `outline` draws the box's edges. */
export function createSolidView(outline: boolean): FrameView {
  const state: SolidState = { yaw: -30, pitch: 30, apart: 0, shown: undefined, outline };
  const stage = h('div', { class: 'solid-stage' });
  const apart = h('input', { type: 'range', min: '0', max: '150', value: '0', 'aria-label': 'Layers apart' });
  const steps = h('input', { type: 'range', min: '0', max: '0', value: '0', 'aria-label': 'Pieces shown' });
  const stepsText = h('output', { class: 'solid-steps' });
  const flat = h('div', { class: 'grid-view solid-flat' });
  const element = h(
    'div',
    { class: 'solid-view' },
    stage,
    h('div', { class: 'solid-controls' }, h('label', {}, 'Layers apart ', apart), h('label', {}, 'Pieces ', steps, ' ', stepsText)),
    flat,
  );
  let shown: { frame: Frame; palette: Palette } | undefined;
  let pieces = 0;
  const redraw = () => {
    if (!shown) return;
    const drawn = drawSolid(shown.frame, shown.palette, state);
    const focused = document.activeElement === stage.firstElementChild;
    stage.replaceChildren(drawn.picture);
    if (focused) drawn.picture.focus();
    if (drawn.pieces !== pieces) {
      // Another packing: every piece in again.
      pieces = drawn.pieces;
      state.shown = undefined;
      steps.max = String(pieces);
    }
    steps.value = String(state.shown ?? pieces);
    stepsText.textContent = `${state.shown ?? pieces} of ${pieces}`;
  };
  apart.addEventListener('input', () => {
    state.apart = Number(apart.value) / 100;
    redraw();
  });
  steps.addEventListener('input', () => {
    state.shown = Number(steps.value) >= pieces ? undefined : Number(steps.value);
    redraw();
  });
  let drag: { x: number; y: number } | undefined;
  stage.addEventListener('pointerdown', (event) => {
    drag = { x: event.clientX, y: event.clientY };
    stage.setPointerCapture?.(event.pointerId);
  });
  stage.addEventListener('pointermove', (event) => {
    if (!drag) return;
    state.yaw += (event.clientX - drag.x) * 0.5;
    state.pitch = Math.max(-85, Math.min(85, state.pitch + (event.clientY - drag.y) * 0.5));
    drag = { x: event.clientX, y: event.clientY };
    redraw();
  });
  const release = () => (drag = undefined);
  stage.addEventListener('pointerup', release);
  stage.addEventListener('pointercancel', release);
  stage.addEventListener('keydown', (event) => {
    const turns: Record<string, [number, number]> = { ArrowLeft: [-15, 0], ArrowRight: [15, 0], ArrowUp: [0, -15], ArrowDown: [0, 15] };
    const turn = turns[event.key];
    if (!turn) return;
    event.preventDefault();
    state.yaw += turn[0];
    state.pitch = Math.max(-85, Math.min(85, state.pitch + turn[1]));
    redraw();
  });
  return {
    element,
    show(frame, palette) {
      shown = { frame, palette };
      redraw();
      flat.replaceChildren(frameToSvg(frame, palette, { className: 'main-frame' }));
      setStyleProperty(flat, '--aspect', `${frame.width + 0.2} / ${frame.height + 0.2}`);
      setStyleProperty(flat, '--columns', String(frame.width));
    },
  };
}
