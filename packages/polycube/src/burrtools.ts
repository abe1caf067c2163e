// BurrTools puzzle files (.xmpuzzle): XML (the host has already undone gzip) with the puzzle's grid,
// its shapes as voxel strings and its problems (which shapes, how many of each, the result shape).
// Only what polycube can honour is read: the cube grid, filled voxels, piece counts and ranges.
// Anything that would change the answer and that polycube does not model (other grids, variable
// voxels, colour constraints, piece groups and stored disassemblies) is refused in one line that
// names it, rather than silently solved as a different puzzle.
import { InputError } from '@kit/core';
import { escapeControls } from '@kit/core/messages';
import { XmlElement, XmlError, parseXml } from '@rgrove/parse-xml';
import { type Voxel, normalize } from './geometry.js';
import { where } from './layers.js';
import { MAX_PIECES, PIECE_NAME, type PieceKind, type PieceSet } from './pieces.js';
import { MAX_XML_DEPTH, tooDeepAt } from './xml-depth.js';
import { MAX_TARGET_SIDE, MAX_TARGET_VOLUME, type Target, targetFromLayers } from './target.js';

/** One problem of a BurrTools `.xmpuzzle` file, read by {@link parseBurrTools}. */
export interface BurrToolsPuzzle {
  /** The problem's result shape. */
  target: Target;
  /** The problem's pieces, with the counts (or ranges of counts) it asks for. */
  pieces: PieceSet;
  /** Which problem this is, from 1. */
  problem: number;
  /** How many problems the file has. */
  problems: number;
  /** The problem's name in the file, when it has one. */
  problemName?: string;
  /** Each piece's label and the shape it stands for (`S3`, with its name in the file when it has one). */
  legend: string[];
}

const GRIDS = ['cubes', 'triangular prisms', 'spheres', 'rhombic dodecahedra', 'tetrahedra and octahedra'];
/** Characters the start of a file is quoted with when it is not XML. */
const QUOTE = 16;

/** True when the text looks like XML (after a byte order mark and white space). */
export function looksLikeXml(text: string): boolean {
  return /^\uFEFF?\s*</.test(text);
}

type Voxels = { x: number; y: number; z: number; states: string; colours: Uint8Array; name?: string; line: number };

/** Reads a BurrTools file's problem `number` (1-based; the first when undefined). */
export function parseBurrTools(text: string, file: string | undefined, number?: number): BurrToolsPuzzle {
  if (!looksLikeXml(text)) {
    throw new InputError(
      `not a BurrTools puzzle: the file is neither gzip-compressed nor XML (it starts with ${JSON.stringify(text.slice(0, QUOTE))})`,
      where(file),
    );
  }
  const lineOf = lineIndex(text);
  const root = readDocument(text, file, lineOf);
  const at = (node: XmlElement) => where(file, lineOf(node.start));
  const fail = (message: string, node?: XmlElement): never => {
    throw new InputError(message, node ? at(node) : where(file));
  };
  const reader: Reader = { fail, lineOf };
  const integer = (value: string | undefined, what: string, node: XmlElement) => wholeNumber(reader, value, what, node);
  if (root.name !== 'puzzle') fail(`not a BurrTools puzzle: the root element is <${root.name}>, not <puzzle>`, root);
  const version = root.attributes['version'];
  if (version !== '1' && version !== '2') fail(`BurrTools puzzle version ${JSON.stringify(version ?? '')} is not one polycube reads (1 or 2)`, root);
  const children = (node: XmlElement, name: string) => node.children.filter((child): child is XmlElement => child instanceof XmlElement && child.name === name);

  const grid = children(root, 'gridType')[0];
  if (grid) {
    const type = integer(grid.attributes['type'], "the gridType's type", grid);
    if (type !== 0) {
      fail(`the puzzle is on the grid of ${GRIDS[type] ?? `type ${type}`} (BurrTools grid type ${type}); polycube packs cubes only (grid type 0)`, grid);
    }
  }
  const colourCount = children(root, 'colors').reduce((n, node) => n + children(node, 'color').length, 0);

  const shapes: Voxels[] = [];
  for (const list of children(root, 'shapes')) for (const node of children(list, 'voxel')) shapes.push(readVoxels(reader, node, shapes.length + 1));
  const problems = children(root, 'problems').flatMap((node) => children(node, 'problem'));
  if (problems.length === 0) fail('the BurrTools puzzle has no problems to solve', root);
  const index = number ?? 1;
  if (index < 1 || index > problems.length) {
    throw new InputError(
      `--problem ${index}: the file has ${problems.length} problem${problems.length === 1 ? '' : 's'} (1 to ${problems.length})`,
      where(file),
    );
  }
  const problem = problems[index - 1]!;
  // Names reach the terminal in titles and legends: control characters shown, never sent raw.
  const problemName = problem.attributes['name'] ? escapeControls(problem.attributes['name']) : undefined;
  const label = `problem ${index}${problemName ? ` (${problemName})` : ''}`;

  for (const groups of children(problem, 'shapes').flatMap((node) => children(node, 'shape'))) {
    const grouped = Number(groups.attributes['group'] ?? '0') !== 0 || children(groups, 'group').some((g) => Number(g.attributes['group'] ?? '0') !== 0);
    if (grouped) fail(`${label} puts pieces in groups, which only matter to disassembly; polycube counts assemblies and does not disassemble`, groups);
  }
  if (
    problem.children.some(
      (child) => child instanceof XmlElement && child.name === 'solutions' && children(child, 'solution').some((s) => children(s, 'separation').length > 0),
    )
  ) {
    fail(`${label} asks for disassembly (its stored solutions have disassembly plans); polycube counts assemblies and does not disassemble`, problem);
  }
  const constraints = children(problem, 'bitmap').some((node) => children(node, 'pair').length > 0);

  const resultNode = children(problem, 'result')[0];
  if (!resultNode) fail(`${label} has no result shape`, problem);
  const resultId = integer(resultNode!.attributes['id'], "the result's id", resultNode!);
  const result = shapes[resultId];
  if (!result) fail(`${label}: its result is shape ${resultId + 1}, but the file has ${shapes.length} shapes`, resultNode!);
  const usesColour = (shape: Voxels) => colourCount > 0 && shape.colours.some((c) => c !== 0);
  if (result!.states.includes('+')) {
    fail(`${label}: the result shape S${resultId + 1} has variable voxels (cubes that may stay empty), which polycube does not handle`, resultNode!);
  }

  const parts: { shape: Voxels; id: number; min: number; max: number; node: XmlElement }[] = [];
  for (const node of children(problem, 'shapes').flatMap((list) => children(list, 'shape'))) {
    const id = integer(node.attributes['id'], "a shape's id", node);
    const shape = shapes[id];
    if (!shape) fail(`${label} uses shape ${id + 1}, but the file has ${shapes.length} shapes`, node);
    let min = 1;
    let max = 1;
    if (node.attributes['count'] !== undefined) min = max = integer(node.attributes['count'], 'a piece count', node);
    else if (node.attributes['min'] !== undefined && node.attributes['max'] !== undefined) {
      min = integer(node.attributes['min'], 'a piece count', node);
      max = integer(node.attributes['max'], 'a piece count', node);
      if (min > max) fail(`${label}: shape S${id + 1} has a minimum count ${min} above its maximum ${max}`, node);
    }
    if (max === 0) continue;
    if (shape!.states.includes('+')) fail(`${label}: piece S${id + 1} has variable voxels, which polycube cannot place`, node);
    if (!shape!.states.includes('#')) fail(`${label}: piece S${id + 1} has no cubes`, node);
    parts.push({ shape: shape!, id, min, max, node });
  }
  if (parts.length === 0) fail(`${label} has no pieces`, problem);
  if (constraints || usesColour(result!) || parts.some((part) => usesColour(part.shape))) {
    fail(`${label} uses colour constraints (coloured voxels decide where pieces may go), which polycube does not model`, problem);
  }
  const total = parts.reduce((n, part) => n + part.max, 0);
  if (total > MAX_PIECES) fail(`${label} has up to ${total} pieces, over the limit of ${MAX_PIECES}`, problem);
  if (parts.length > LABELS.length) fail(`${label} has ${parts.length} different pieces, over the limit of ${LABELS.length}`, problem);

  const { kinds, legend } = labelledKinds(parts);
  if (!result!.states.includes('#')) fail(`${label}: the result shape S${resultId + 1} has no cubes`, resultNode!);
  return {
    target: targetFromLayers(resultLayers(result!), file),
    pieces: { kinds },
    problem: index,
    problems: problems.length,
    ...(problemName !== undefined ? { problemName } : {}),
    legend,
  };
}

/** The XML's root element: bounded in depth first, a syntax error at its line and column. */
function readDocument(text: string, file: string | undefined, lineOf: (offset: number) => number): XmlElement {
  const deep = tooDeepAt(text, MAX_XML_DEPTH);
  if (deep !== -1)
    throw new InputError(`the XML nests elements more than ${MAX_XML_DEPTH} deep, past the limit for a BurrTools file`, where(file, lineOf(deep)));
  try {
    return parseXml(text.replace(/^\uFEFF/, ''), { includeOffsets: true }).root!;
  } catch (error) {
    if (error instanceof XmlError) {
      const reason = error.message.split('\n')[0]!.replace(/ \(line \d+, column \d+\)$/, '');
      throw new InputError(`not well-formed XML: ${reason}`, where(file, error.line, error.column));
    }
    throw error;
  }
}

/** The pieces as kinds, labelled by a shape's own one-character name where it is unique, else the next free letter; and the legend. */
function labelledKinds(parts: readonly { shape: Voxels; id: number; min: number; max: number }[]): { kinds: PieceKind[]; legend: string[] } {
  const names = parts.map((part) => part.shape.name);
  const own = (name: string | undefined) => name !== undefined && PIECE_NAME.test(name) && names.filter((n) => n === name).length === 1;
  const used = new Set(names.filter(own) as string[]);
  const free = [...LABELS].filter((c) => !used.has(c));
  const kinds: PieceKind[] = parts.map((part) => {
    const name = own(part.shape.name) ? part.shape.name! : free.shift()!;
    return { name, shape: normalize(cubesOf(part.shape)), min: part.min, max: part.max };
  });
  const legend = parts.map((part, i) => `${kinds[i]!.name} = S${part.id + 1}${part.shape.name ? ` ${part.shape.name}` : ''}`);
  return { kinds, legend };
}

/** The result shape as target layers: '.' a cube, '#' an empty voxel. */
function resultLayers(result: Voxels): string[][] {
  const layers: string[][] = [];
  for (let z = 0; z < result.z; z++) {
    const rows: string[] = [];
    for (let y = 0; y < result.y; y++) {
      let row = '';
      for (let x = 0; x < result.x; x++) row += result.states[x + result.x * (y + result.y * z)] === '#' ? '.' : '#';
      rows.push(row);
    }
    layers.push(rows);
  }
  return layers;
}

/** How the parse reports a fault: at a node's line, and the line of an offset in the text. */
interface Reader {
  fail(message: string, node?: XmlElement): never;
  lineOf(offset: number): number;
}

/** Reads one <voxel> space: shape S`number`, its states and colours. */
function readVoxels(reader: Reader, node: XmlElement, number: number): Voxels {
  const { fail, lineOf } = reader;
  const integer = (value: string | undefined, what: string) => wholeNumber(reader, value, what, node);
  const x = integer(node.attributes['x'], "a voxel space's x");
  const y = integer(node.attributes['y'], "a voxel space's y");
  const z = integer(node.attributes['z'], "a voxel space's z");
  if (Math.max(x, y, z) > MAX_TARGET_SIDE || x * y * z > MAX_TARGET_VOLUME) {
    fail(`shape S${number} is ${x}x${y}x${z}, over the limits (sides up to ${MAX_TARGET_SIDE}, ${MAX_TARGET_VOLUME} voxels)`, node);
  }
  const type = node.attributes['type'] ?? '0';
  if (type !== '0') fail(`shape S${number} has voxel type ${JSON.stringify(type)}; BurrTools writes type 0`, node);
  const content = node.text.trim();
  let states = '';
  const colours = new Uint8Array(x * y * z);
  let colour = 0;
  for (let i = 0; i < content.length; i++) {
    const char = content[i]!;
    if (char === '#' || char === '+' || char === '_') {
      if (states.length === x * y * z) fail(`shape S${number} has more than the ${x * y * z} voxels its size holds`, node);
      states += char;
      colour = 0;
    } else if (char >= '0' && char <= '9') {
      if (states.length === 0) fail(`shape S${number} starts with a colour number before any voxel`, node);
      colour = colour * 10 + Number(char);
      if (colour > 63) fail(`shape S${number} has a colour above 63`, node);
      colours[states.length - 1] = colour;
    } else {
      fail(`shape S${number} has ${JSON.stringify(char)} among its voxels (BurrTools writes '#', '+', '_' and colour numbers)`, node);
    }
  }
  if (states.length !== x * y * z) fail(`shape S${number} has ${states.length} voxels but its size ${x}x${y}x${z} needs ${x * y * z}`, node);
  const name = node.attributes['name'] ? escapeControls(node.attributes['name']) : undefined;
  return { x, y, z, states, colours, ...(name ? { name } : {}), line: lineOf(node.start) };
}

/** An attribute that must be a whole number of up to six digits. */
function wholeNumber(reader: Reader, value: string | undefined, what: string, node: XmlElement): number {
  if (value === undefined || !/^\s*\d{1,6}\s*$/.test(value)) reader.fail(`${what} must be a whole number, got ${JSON.stringify(value ?? '')}`, node);
  return Number(value);
}

/** Labels for pieces without a usable name of their own. */
const LABELS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function cubesOf(shape: Voxels): Voxel[] {
  const cubes: Voxel[] = [];
  for (let i = 0; i < shape.states.length; i++) {
    if (shape.states[i] !== '#') continue;
    cubes.push([i % shape.x, Math.floor(i / shape.x) % shape.y, Math.floor(i / (shape.x * shape.y))]);
  }
  return cubes;
}

/** Offset to 1-based line number. */
function lineIndex(text: string): (offset: number) => number {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}
