// @kit/core/make: making and grading puzzles. What a plugin declares (its generator's and grader's
// description, what they return, the header a made puzzle's file starts with) and what a host runs
// (the maker in a worker, the day's seed, a generator's size as typed). Browser-safe.

// A plugin's generator and grader, and what they return.
export type {
  GenerateContext,
  GeneratedForm,
  GeneratedPuzzle,
  GenerateRequest,
  GeneratorSizeSpec,
  GeneratorSpec,
  Grade,
  GradeStep,
  GraderSpec,
} from './generate.js';
export { generatedHeader, gradeLine, readGeneratedHeader, skipGeneratedHeader } from './generate.js';

// Making and grading in a worker; the day's seed and a generator's size, read as hosts read them.
export { MakerClient } from './maker-client.js';
export type { MakerClientOptions, MakeOptions } from './maker-client.js';
export { dailySeed, readGeneratorSize } from './generate.js';
