/** A job failed on purpose, with a reason the run reports. */
export class JobRefused extends Error {
  override readonly name = 'JobRefused';
}

export function refuse(reason: string): never {
  throw new JobRefused(reason);
}

export function tooMany(max: number): string {
  return `more than ${max} solutions: use --count to count them, or --max-solutions N to carry more`;
}
