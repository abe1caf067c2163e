import { InputError, type ParsedOptions, type TextFile } from '@kit/core';
import { skipGeneratedHeader } from '@kit/core/make';
import { looksLikeXml, parseBurrTools } from './burrtools.js';
import { checkPieces } from './checks.js';
import { type LaidPiece, readLaidTarget, withoutLaid } from './laid.js';
import { type PieceSet, parsePieceFile, selectPieces } from './pieces.js';
import { SET_NAMES, type SetName, namedSet } from './sets.js';
import { SYMMETRY_MODES, type SymmetryMode, checkSymmetryMode } from './symmetry.js';
import { type Target, boxTarget, targetName } from './target.js';

/** What the plugin hands its solver: plain data. */
export interface PackingInstance {
  /** The shape to fill, without the cubes of pieces a file has laid. */
  target: Target;
  /** The pieces to pack, without the ones a file has laid. */
  pieces: PieceSet;
  /** What counts as the same packing (`--symmetry`; `--all` makes it `none`). */
  symmetry: SymmetryMode;
  /** `3x3x3`: the target's box, columns x rows x layers. */
  name: string;
  /** Where the puzzle came from, for the summary: `soma`, `cube.txt`, `Soma.xmpuzzle problem 1 (Cube)`. */
  source: string;
  /** A BurrTools file's pieces: which label stands for which shape. */
  legend?: string[];
  /** Pieces the target file has already laid (their cubes are holes of `target`, their pieces not in `pieces`). */
  laid?: LaidPiece[];
}

/** Options (and the positional file) to an instance; throws InputError. */
export function parseInstance(options: ParsedOptions, input?: TextFile): PackingInstance {
  const targetOption = options['target'] as TextFile | undefined;
  if (targetOption && input) throw new InputError('give the target once: either --target FILE or a file argument');
  const file = targetOption ?? input;
  let symmetry = (options['symmetry'] as SymmetryMode | undefined) ?? 'auto';
  if (!SYMMETRY_MODES.includes(symmetry)) throw new InputError(`--symmetry must be one of ${SYMMETRY_MODES.join(', ')}`);
  if (options['all'] === true) {
    if (symmetry !== 'auto' && symmetry !== 'none') throw new InputError(`--all counts every packing: it does not go with --symmetry ${symmetry}`);
    symmetry = 'none';
  }
  const problem = options['problem'] as number | undefined;
  const box = options['box'] as string | undefined;
  let setName = options['set'] as SetName | undefined;
  let letters = options['pieces'] as string | undefined;
  const pieceFile = options['piece-file'] as TextFile | undefined;

  if (file && (looksLikeXml(file.text) || /\.xmpuzzle$/i.test(file.name))) {
    for (const [given, flag] of [
      [box, '--box'],
      [setName, '--set'],
      [letters, '--pieces'],
      [pieceFile, '--piece-file'],
    ] as const) {
      if (given !== undefined) throw new InputError(`${flag} does not go with a BurrTools file: the file names its own pieces and result`);
    }
    const puzzle = parseBurrTools(file.text, file.name, problem);
    checkPieces(puzzle.target, puzzle.pieces, file.name);
    checkSymmetryMode(symmetry, puzzle.pieces);
    const problemLabel = `problem ${puzzle.problem}${puzzle.problemName ? ` (${puzzle.problemName})` : ''}`;
    return {
      target: puzzle.target,
      pieces: puzzle.pieces,
      symmetry,
      name: targetName(puzzle.target),
      source: puzzle.problems > 1 ? `${file.name} ${problemLabel} of ${puzzle.problems}` : `${file.name} ${problemLabel}`,
      legend: puzzle.legend,
    };
  }
  if (problem !== undefined) throw new InputError('--problem only goes with a BurrTools file');
  const drawn = file ? readLaidTarget(skipGeneratedHeader(file.text), file.name) : undefined;
  if (drawn?.set !== undefined) {
    if (setName !== undefined && setName !== drawn.set) throw new InputError(`give the set once: --set ${setName} but the file says set: ${drawn.set}`);
    if (pieceFile) throw new InputError(`give the pieces once: --piece-file but the file says set: ${drawn.set}`);
    if (!(SET_NAMES as readonly string[]).includes(drawn.set))
      throw new InputError(`set: must be one of ${SET_NAMES.join(', ')} (got ${JSON.stringify(drawn.set)})`, { file: file!.name });
    setName = drawn.set as SetName;
  }
  if (drawn?.pieces !== undefined) {
    if (letters !== undefined && letters !== drawn.pieces)
      throw new InputError(`give the pieces once: --pieces ${letters} but the file says pieces: ${drawn.pieces}`);
    letters = drawn.pieces;
  }
  if (setName !== undefined && !SET_NAMES.includes(setName)) throw new InputError(`--set must be one of ${SET_NAMES.join(', ')}`);
  if (setName !== undefined && pieceFile) throw new InputError('give the pieces once: either --set or --piece-file');
  const named = pieceFile ? undefined : namedSet(setName ?? 'soma');
  let pieces = pieceFile ? parsePieceFile(pieceFile.text, pieceFile.name) : named!.pieces;
  if (letters !== undefined) pieces = selectPieces(pieces, letters);
  if (file && box !== undefined) throw new InputError('give the target once: either --box or a target file');
  let target: Target;
  if (drawn) target = drawn.target;
  else if (box !== undefined) target = boxTarget(box);
  else if (named?.target) target = named.target;
  else if (named) throw new InputError(`the ${named.name} set has no target of its own: give --box AxBxC or a target file`);
  else throw new InputError('give a target for the pieces: --box AxBxC or a target file');
  const source = file ? file.name : pieceFile ? pieceFile.name : named!.name;
  if (drawn && drawn.laid.length > 0) return challengeInstance(target, pieces, drawn.laid, drawn.at, symmetry, source);
  // A named set in its own target, all its pieces, is known to pack (sets.test.ts checks each):
  // only other targets and piece choices need the checks, whose cold first run costs milliseconds.
  if (target !== named?.target || pieces !== named?.pieces) checkPieces(target, pieces, file?.name);
  checkSymmetryMode(symmetry, pieces);
  return { target, pieces, symmetry, name: targetName(target), source };
}

/**
 * A target with laid pieces: the search fills what they leave with the pieces left. The laid pieces
 * pin the packing in place, so every completion counts (`--symmetry none`): a rotation of the
 * target that maps a completion onto another would move the laid pieces too.
 */
function challengeInstance(
  whole: Target,
  set: PieceSet,
  laid: LaidPiece[],
  at: ReadonlyArray<{ line: number; column: number }>,
  symmetry: SymmetryMode,
  source: string,
): PackingInstance {
  if (symmetry === 'full' || symmetry === 'rotations') {
    throw new InputError(`--symmetry ${symmetry} does not go with laid pieces: they fix the packing in place, so every completion counts (auto or none)`);
  }
  const { target, pieces } = withoutLaid(whole, set, laid, at, source);
  if (pieces.kinds.length === 0) throw new InputError('every piece is already laid: nothing is left to place', { file: source });
  checkPieces(target, pieces, source);
  return { target, pieces, symmetry: 'none', name: targetName(target), source, laid };
}
