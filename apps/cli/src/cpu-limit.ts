// How many CPUs this process may really use: the cores it may run on, capped by a container's CPU
// limit (cgroup v2 `cpu.max`, or v1's quota and period). Node 20's availableParallelism() sees the
// cores but not the limit, so a worker in a 2-CPU container on a 64-core node would start 64 threads.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** CPUs allowed by a quota over a period, when both are numbers. */
function quota(quotaText: string | undefined, periodText: string | undefined): number | undefined {
  const limit = Number(quotaText);
  const period = Number(periodText);
  return Number.isFinite(limit) && limit > 0 && Number.isFinite(period) && period > 0 ? limit / period : undefined;
}

/** The CPU limit of this process's cgroup (and of the container's root), in CPUs; undefined when none. */
export function cgroupCpuLimit(root = '/sys/fs/cgroup', self = read('/proc/self/cgroup')): number | undefined {
  const limits: number[] = [];
  const v2Path = /^0::(\/.*)$/m.exec(self ?? '')?.[1];
  for (const dir of new Set([root, ...(v2Path && v2Path !== '/' ? [`${root}${v2Path}`] : [])])) {
    const [max, period] = (read(`${dir}/cpu.max`) ?? '').trim().split(/\s+/);
    const v2 = quota(max, period);
    if (v2 !== undefined) limits.push(v2);
  }
  const v1 = quota(read(`${root}/cpu/cpu.cfs_quota_us`)?.trim(), read(`${root}/cpu/cpu.cfs_period_us`)?.trim());
  if (v1 !== undefined) limits.push(v1);
  return limits.length > 0 ? Math.min(...limits) : undefined;
}

/** Threads worth running for CPU-bound work here: the cores, or fewer under a CPU limit (at least 1). */
export function cpuLimit(): number {
  const cores = availableParallelism();
  const limit = cgroupCpuLimit();
  return limit === undefined ? cores : Math.max(1, Math.min(cores, Math.floor(limit)));
}
