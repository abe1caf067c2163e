// @kit/puyo for library users: the field model, both simulators, share strings and the puzzle solver.
export * from './field.js';
export { parseField, formatField } from './parse.js';
export { chainPower, colourBonus, groupBonus, stepScore, garbageSent } from './rules.js';
export { simulate, runChain, settle, findGroups, popStep, isAllClear } from './chain.js';
export type { ChainResult, ChainStep, GroupRecord, StepKind, StepListener } from './chain.js';
export {
  boardFromGrid, gridFromBoard, createBoard, createResult, simulateBoard, simulateBoards, fastEngine, settleBoard, boardAllClear, planeCount,
  columnHeight, setCell, BOARD_SIZE,
} from './bitboard.js';
export type { Board, FastResult } from './bitboard.js';
export { decodePuyop, encodePuyop, puyopUrl, decodeNexus, encodeNexus, nexusUrl, decodeShareString } from './share.js';
export {
  parsePairs, parseGoal, describeGoal, solveNazo, splitNazo, dropPair, placementsFor, placementOf, betterAnswer, notationOf,
  checkPairCount, ROTATIONS, MAX_PAIRS,
} from './nazo.js';
export type { Pair, Move, Rotation, Placement, NazoSolution, NazoSearch, NazoHooks, NazoStats } from './nazo.js';
export { decodeGoalCode, encodeGoalCode, GOAL_MAX } from './goal.js';
export type { Goal, GoalMain, GoalKind, GoalColour } from './goal.js';
export { reachableColumns, placementReachable, gameOver } from './reach.js';
export { decodeNazoLink, nazoLinkUrl, isNazoLink } from './nazo-link.js';
export type { NazoLink } from './nazo-link.js';
export { viewField, PUYO_PALETTE } from './view.js';
export { summarize, chainTable, totalsLine } from './summary.js';
export type { PuyoInstance, PuyoState, ReplayResult } from './types.js';
export { parseInstance } from './plugin.js';
export { default as plugin } from './plugin.js';
