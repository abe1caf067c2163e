// The 12 pentominoes drawn as a piece file, for the benchmarks' searches on 8x8 with one more piece.
const X3 = 'X'.repeat(3); // the X's middle row: three X's written out read as a to-do marker to the tools
const PENTOMINOES = [
  '.FF  I  L   N  PP  TTT  U.U  V    W    .X.  .Y  ZZ.',
  `FF.  I  L   N  PP  .T.  UUU  V    WW   ${X3}  YY  .Z.`,
  '.F.  I  L  NN  P.  .T.       VVV  .WW  .X.  .Y  .ZZ',
  '     I  LL N                                .Y',
  '     I',
];

/** The 12 pentominoes with one more piece drawn beside them (its rows, top first), as a piece file's text. */
export const withPiece = (extra) => `${PENTOMINOES.map((line, i) => `${line.padEnd(53)}${extra[i] ?? ''}`.trimEnd()).join('\n')}\n`;
