// The named piece sets, drawn in the piece-file format itself (the first layer is the bottom one),
// with the target each set is known for.
import { type PieceSet, parsePieceFile, selectPieces } from './pieces.js';
import { type Target, boxTarget } from './target.js';

const SOMA = `
// Piet Hein's Soma pieces: V (3 cubes), the flat L, T and Z, the screws A and B (mirror images of
// each other) and the branch P.
VV LLL TTT ZZ.  AA BB PP
V. L.. .T. .ZZ  A. .B P.

.. ... ... ...  .A B. P.
.. ... ... ...  .. .. ..
`;

const TETRACUBES = `
// The eight tetracubes: five flat ones, the screws A and B (mirror images) and the branch P.
IIII OO LLL TTT SS.  AA BB PP
.... OO L.. .T. .SS  A. .B P.

.... .. ... ... ...  .A B. P.
.... .. ... ... ...  .. .. ..
`;

const SOLID_PENTOMINOES = `
// The twelve pentominoes, one cube thick.
.FF I L. .N PP TTT U.U V.. W.. .X. .Y ZZ.
FF. I L. .N PP .T. UUU V.. WW. XXX YY .Z.
.F. I L. NN P. .T. ... VVV .WW .X. .Y .ZZ
... I LL N. .. ... ... ... ... ... .Y ...
... I .. .. .. ... ... ... ... ... .. ...
`;

const NON_PLANAR_PENTACUBES = `
// The seventeen pentacubes that are not flat: A, E, G, H and K are their own mirror images; the
// others come in pairs, the lower-case letter being the mirror image of the capital.
AAA BBB bbb CCC ccc D.. ..d EEE GGG HH JJ. .jj K.. MM. .mm .Q. .q.
A.. B.. ..b C.. ..c D.. ..d .E. ... H. J.. ..j KK. .M. .m. .QQ qq.

A.. .B. .b. ..C c.. DDD ddd .E. .G. HH .JJ jj. KK. .MM mm. QQ. .qq
... ... ... ... ... ... ... ... .G. .. ... ... ... ... ... ... ...
`;

/** A piece set known by name (`--set soma`), with the target it is known for. */
export interface NamedSet {
  /** The name `--set` takes. */
  name: string;
  /** Its name in a sentence: `the Soma cube`. */
  title: string;
  /** Its pieces, each kind once unless the set repeats it. */
  pieces: PieceSet;
  /** The target the set is known for, when it has one. */
  target?: Target;
}

function pentacubes(): PieceSet {
  const flat = parsePieceFile(SOLID_PENTOMINOES, 'solid-pentominoes');
  const rest = parsePieceFile(NON_PLANAR_PENTACUBES, 'pentacubes');
  return { kinds: [...flat.kinds, ...rest.kinds] };
}

/**
 * The Bedlam cube's thirteen pieces: twelve pentacubes (named as in the pentacubes set; seven of
 * them chiral, none with its mirror image in the set) and the tetracube screw B, here named S.
 */
function bedlam(): PieceSet {
  const screw = parsePieceFile(TETRACUBES, 'tetracubes').kinds.find((kind) => kind.name === 'B')!;
  return { kinds: [...selectPieces(pentacubes(), 'ABCdEFGJMqWX').kinds, { ...screw, name: 'S' }] };
}

/** The names `--set` takes, in the order `kit info` shows them. */
export const SET_NAMES = ['soma', 'tetracubes', 'solid-pentominoes', 'pentacubes', 'bedlam'] as const;
/** One of {@link SET_NAMES}. */
export type SetName = (typeof SET_NAMES)[number];

/** A named set, built from its drawing (cheap: a few hundred characters). */
export function namedSet(name: SetName): NamedSet {
  switch (name) {
    case 'soma':
      return { name, title: 'the Soma cube', pieces: parsePieceFile(SOMA, 'soma'), target: boxTarget('3x3x3') };
    case 'tetracubes':
      return { name, title: 'the eight tetracubes', pieces: parsePieceFile(TETRACUBES, 'tetracubes'), target: boxTarget('2x4x4') };
    case 'solid-pentominoes':
      return { name, title: 'the twelve solid pentominoes', pieces: parsePieceFile(SOLID_PENTOMINOES, 'solid-pentominoes'), target: boxTarget('3x4x5') };
    case 'pentacubes':
      return { name, title: 'the 29 pentacubes', pieces: pentacubes() };
    case 'bedlam':
      return { name, title: 'the Bedlam cube', pieces: bedlam(), target: boxTarget('4x4x4') };
  }
}

export { selectPieces };
