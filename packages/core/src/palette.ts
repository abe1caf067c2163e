/**
 * Colours shared by the terminal and the web renderers. Keys are what frames put in `Cell.fill`.
 * `ansi256` is the xterm 256-colour index; the hex value is derived from it unless given.
 */
export interface PaletteEntry {
  /** The xterm 256-colour index the terminal uses. */
  ansi256: number;
  /** The web page's colour (`#rrggbb`); default: the ansi256 colour's. */
  hex?: string;
  /** Letter shown for this fill when colour is off and the cell has no label. */
  letter?: string;
  /** Without colour, show `letter` even over a label: a shaded Hitori cell prints `#`, not its number. */
  masksLabel?: boolean;
  /**
   * Drawn as a ring around the cell's label on a plain ground, not as a fill: Hitori's circled
   * cell, as it is printed. Terminals, which cannot draw a ring, still use the colour.
   */
  ring?: boolean;
}

/** Colours by palette key, the keys frames put in `Cell.fill`. */
export type Palette = Record<string, PaletteEntry>;

/** The seed's pentomino colours (000_...), but I in yellow (227): the seed's pink I (217) sat 40 RGB units from Z. */
export const PENTOMINO_PALETTE: Palette = {
  F: { ansi256: 172 },
  I: { ansi256: 227 },
  L: { ansi256: 3 },
  N: { ansi256: 121 },
  P: { ansi256: 70 },
  T: { ansi256: 42 },
  U: { ansi256: 6 },
  V: { ansi256: 75 },
  W: { ansi256: 104 },
  X: { ansi256: 141 },
  Y: { ansi256: 170 },
  Z: { ansi256: 211 },
};

/** The colours every plugin's palette is merged over: the pentomino letters, cells, Puyo's colours and garbage. */
export const BASE_PALETTE: Palette = {
  ...PENTOMINO_PALETTE,
  empty: { ansi256: 250, letter: '.' },
  wall: { ansi256: 240, letter: '#' },
  shaded: { ansi256: 236, letter: '#', masksLabel: true },
  unshaded: { ansi256: 255, letter: '.' },
  red: { ansi256: 196, letter: 'R' },
  green: { ansi256: 40, letter: 'G' },
  blue: { ansi256: 33, letter: 'B' },
  yellow: { ansi256: 226, letter: 'Y' },
  purple: { ansi256: 129, letter: 'P' },
  garbage: { ansi256: 247, letter: 'O' },
};

const CUBE_STEPS = [0, 95, 135, 175, 215, 255];
const SYSTEM_COLOURS = [
  '#000000',
  '#800000',
  '#008000',
  '#808000',
  '#000080',
  '#800080',
  '#008080',
  '#c0c0c0',
  '#808080',
  '#ff0000',
  '#00ff00',
  '#ffff00',
  '#0000ff',
  '#ff00ff',
  '#00ffff',
  '#ffffff',
];

/** The standard xterm RGB value of a 256-colour index. */
export function ansi256ToHex(index: number): string {
  if (!Number.isInteger(index) || index < 0 || index > 255) throw new RangeError(`not a 256-colour index: ${index}`);
  if (index < 16) return SYSTEM_COLOURS[index]!;
  const hex = (value: number) => value.toString(16).padStart(2, '0');
  if (index >= 232) {
    const level = 8 + (index - 232) * 10;
    return `#${hex(level)}${hex(level)}${hex(level)}`;
  }
  const cube = index - 16;
  const r = CUBE_STEPS[Math.floor(cube / 36)]!;
  const g = CUBE_STEPS[Math.floor(cube / 6) % 6]!;
  const b = CUBE_STEPS[cube % 6]!;
  return `#${hex(r)}${hex(g)}${hex(b)}`;
}

/** The entry's web colour: `hex`, else its ansi256 colour as `#rrggbb`. */
export function entryHex(entry: PaletteEntry): string {
  return entry.hex ?? ansi256ToHex(entry.ansi256);
}

/** A plugin's own palette laid over the base one. */
export function mergePalette(own: Palette | undefined): Palette {
  return own ? { ...BASE_PALETTE, ...own } : BASE_PALETTE;
}
