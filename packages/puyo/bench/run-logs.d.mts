/** A puzzle's times as a run logged them. */
export interface LoggedPuzzle {
  kit: { seconds: number; value: { answers: number } };
  peer?: { seconds: number; capped: boolean; startup?: number; capFactor?: number };
}
export function readRunLogs(files: string[]): Map<string, LoggedPuzzle>;
