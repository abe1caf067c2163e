// A box of layers in play drawn in three dimensions beside its layers: the laid pieces as cubes,
// turned by a drag or the arrow keys, the layers pulled apart with a slider (the Solve tab's view,
// fed from the position, so it knows nothing of the puzzle). Holes of the box are drawn as grey
// cubes, so a challenge's given pieces and the box's shape show too.
import type { Frame, Palette } from '@kit/core';
import { coverOf, type PiecesPosition, type PiecesSetup, type TrayPiece } from '@kit/core/play';
import { h } from '../dom.js';
import { createSolidView, drawSolid } from '../solid-view.js';

/** The position as a frame of layers side by side, one column of holes between two layers. */
export function boxFrame(setup: PiecesSetup, position: PiecesPosition): Frame {
  const depth = setup.depth ?? 1;
  const { width, height } = setup;
  const gap = 1;
  const owner = coverOf(setup, position);
  const holes = new Set(setup.holes ?? []);
  const frameWidth = depth * width + (depth - 1) * gap;
  const cells: Frame['cells'] = Array.from({ length: frameWidth * height }, () => ({ hole: true }));
  for (let z = 0; z < depth; z++) {
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const index = (z * height + y) * width + x;
        const placed = owner[index]! >= 0 ? position.placed[owner[index]!] : undefined;
        const piece = placed ? setup.tray[placed.piece] : undefined;
        cells[y * frameWidth + z * (width + gap) + x] = piece
          ? { fill: piece.fill ?? piece.name, label: piece.name }
          : holes.has(index)
            ? { fill: 'hole' }
            : {};
      }
    }
  }
  return { width: frameWidth, height, cells, layers: { depth, width, gap } };
}

export class BoxView {
  readonly #view = createSolidView(true);
  readonly element = h('section', { class: 'play-solid', 'aria-label': 'The box in 3D' }, this.#view.element);

  constructor(
    private readonly setup: PiecesSetup,
    private readonly palette: Palette,
  ) {}

  draw(position: PiecesPosition): void {
    this.#view.show(boxFrame(this.setup, position), this.palette);
  }
}

/** A tray piece in one orientation as a small picture of its cubes (from above and in front, not turnable). */
export function pieceSolid(piece: TrayPiece, orientation: number, palette: Palette): SVGSVGElement {
  const cubes = piece.orientations[orientation] ?? piece.orientations[0]!;
  const [depth, height, width] = [0, 1, 2].map((axis) => Math.max(...cubes.map((at) => at[axis] ?? 0)) + 1) as [number, number, number];
  const frameWidth = depth * width + depth - 1;
  const cells: Frame['cells'] = Array.from({ length: frameWidth * height }, () => ({}));
  for (const [z, y, x] of cubes) cells[y! * frameWidth + z! * (width + 1) + x!] = { fill: piece.fill ?? piece.name, label: piece.name };
  const { picture } = drawSolid({ width: frameWidth, height, cells, layers: { depth, width, gap: 1 } }, palette, {
    yaw: -30,
    pitch: 30,
    apart: 0,
    shown: undefined,
  });
  // The tray's button names the piece: the picture is decoration, and no stop for the keyboard.
  picture.removeAttribute('role');
  picture.removeAttribute('tabindex');
  picture.removeAttribute('aria-label');
  picture.setAttribute('aria-hidden', 'true');
  picture.classList.add('tray-solid');
  return picture;
}
