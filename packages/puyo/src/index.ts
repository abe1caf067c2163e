// @kit/puyo as a library: fields and their share strings, the reference and the fast simulator,
// Tsu scoring, chain puzzles (nazo) and their links; and the Puzzle Kit plugin.
export { parseField, formatField } from './parse.js';
export { gridFromField } from './field.js';
export type { PuyoField, CellGrid } from './field.js';
export { simulate } from './chain.js';
export type { ChainResult, ChainStep, GroupRecord, StepKind, StepListener } from './chain.js';
export { chainPower, colourBonus, groupBonus } from './rules.js';
export { boardFromGrid, createBoard, createResult, simulateBoard, simulateBoards, boardAllClear, fastEngine, BOARD_SIZE } from './bitboard.js';
export type { Board, FastResult } from './bitboard.js';
export { decodeShareString, puyopUrl, nexusUrl } from './share.js';
export { parsePairs, parseGoal, solveNazo, ROTATIONS } from './nazo.js';
export type { Pair, Move, Rotation, Placement, NazoSearch, NazoSolution, NazoHooks, NazoStats } from './nazo.js';
export type { Goal, GoalMain, GoalKind, GoalColour } from './goal.js';
export { decodeNazoLink, nazoLinkUrl } from './nazo-link.js';
export type { NazoLink } from './nazo-link.js';
export { default as plugin } from './plugin.js';
export type { PuyoInstance, PuyoState } from './types.js';
